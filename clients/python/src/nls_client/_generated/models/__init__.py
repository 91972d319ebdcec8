"""Contains all the data models used in inputs/outputs"""

from .added import Added
from .analysis_request import AnalysisRequest
from .analysis_result import AnalysisResult
from .app_session import AppSession
from .basis import Basis
from .basis_body import BasisBody
from .candidate import Candidate
from .candidate_ingredients_item import CandidateIngredientsItem
from .category import Category
from .cause_view import CauseView
from .check import Check
from .citation import Citation
from .claim import Claim
from .colour import Colour
from .column_view import ColumnView
from .component import Component
from .confirmation_status import ConfirmationStatus
from .constraints_body import ConstraintsBody
from .country_list import CountryList
from .country_view import CountryView
from .direction import Direction
from .docs_asset_asset import DocsAssetAsset
from .embed import Embed
from .error import Error
from .error_code import ErrorCode
from .error_detail import ErrorDetail
from .export_extra import ExportExtra
from .export_request import ExportRequest
from .export_request_data import ExportRequestData
from .food import Food
from .food_allergen_details import FoodAllergenDetails
from .food_allergen_exemptions import FoodAllergenExemptions
from .food_body import FoodBody
from .food_hit import FoodHit
from .food_label_names_type_0 import FoodLabelNamesType0
from .food_nutrients_per_100g import FoodNutrientsPer100G
from .fop_scheme_kind import FopSchemeKind
from .fop_scheme_list import FopSchemeList
from .fop_scheme_summary import FopSchemeSummary
from .format_ import Format
from .format_label import FormatLabel
from .format_light import FormatLight
from .format_list import FormatList
from .front_of_pack import FrontOfPack
from .front_of_pack_facts import FrontOfPackFacts
from .goal_body import GoalBody
from .goal_met import GoalMet
from .grade_component import GradeComponent
from .grade_mark import GradeMark
from .health import Health
from .history import History
from .history_entry import HistoryEntry
from .hub_view import HubView
from .import_problem import ImportProblem
from .import_report import ImportReport
from .imported_line import ImportedLine
from .imported_recipe import ImportedRecipe
from .imported_recipe_label_error_type_0 import ImportedRecipeLabelErrorType0
from .index_view import IndexView
from .ingredient import Ingredient
from .ingredient_body import IngredientBody
from .ingredient_body_label_names_type_0 import IngredientBodyLabelNamesType0
from .ingredient_body_nutrients_per_100g_type_0 import IngredientBodyNutrientsPer100GType0
from .ingredient_entry import IngredientEntry
from .ingredient_entry_label_names_type_0 import IngredientEntryLabelNamesType0
from .ingredient_entry_nutrients_type_0 import IngredientEntryNutrientsType0
from .ingredient_label_names import IngredientLabelNames
from .ingredient_nutrients_per_100g import IngredientNutrientsPer100G
from .label import Label
from .label_allergen_details import LabelAllergenDetails
from .label_as_packaged import LabelAsPackaged
from .label_as_prepared import LabelAsPrepared
from .label_daily_values import LabelDailyValues
from .label_display import LabelDisplay
from .label_foods_item import LabelFoodsItem
from .label_foods_item_serving_size import LabelFoodsItemServingSize
from .label_format_status import LabelFormatStatus
from .label_ingredient_names_not_in_language import LabelIngredientNamesNotInLanguage
from .label_missing_item import LabelMissingItem
from .label_package import LabelPackage
from .label_per_100g import LabelPer100G
from .label_per_container import LabelPerContainer
from .label_per_portion import LabelPerPortion
from .label_per_serving import LabelPerServing
from .label_problem import LabelProblem
from .label_serving_size import LabelServingSize
from .label_set import LabelSet
from .label_set_entry import LabelSetEntry
from .label_statements_item import LabelStatementsItem
from .label_unrounded import LabelUnrounded
from .label_voluntary import LabelVoluntary
from .label_voluntary_additional_property import LabelVoluntaryAdditionalProperty
from .label_warnings_item import LabelWarningsItem
from .level import Level
from .light_mark import LightMark
from .line_bounds import LineBounds
from .line_change import LineChange
from .list_formats_view import ListFormatsView
from .mark_size import MarkSize
from .market_scheme import MarketScheme
from .nutrient_view import NutrientView
from .nutrient_view_source_kinds import NutrientViewSourceKinds
from .objective_body import ObjectiveBody
from .openapi_response_200 import OpenapiResponse200
from .package import Package
from .page_food_hit import PageFoodHit
from .page_food_hit_data_item import PageFoodHitDataItem
from .page_ingredient import PageIngredient
from .page_ingredient_data_item import PageIngredientDataItem
from .page_ingredient_data_item_label_names import PageIngredientDataItemLabelNames
from .page_ingredient_data_item_nutrients_per_100g import PageIngredientDataItemNutrientsPer100G
from .page_recipe import PageRecipe
from .page_recipe_data_item import PageRecipeDataItem
from .page_recipe_data_item_label_error_type_0 import PageRecipeDataItemLabelErrorType0
from .page_recipe_data_item_prepared_type_0 import PageRecipeDataItemPreparedType0
from .page_webhook import PageWebhook
from .page_webhook_data_item import PageWebhookDataItem
from .page_webhook_delivery import PageWebhookDelivery
from .page_webhook_delivery_data_item import PageWebhookDeliveryDataItem
from .page_webhook_delivery_data_item_body import PageWebhookDeliveryDataItemBody
from .plan_view import PlanView
from .portion import Portion
from .prepared_body import PreparedBody
from .printed_change import PrintedChange
from .racc_category import RaccCategory
from .racc_category_list import RaccCategoryList
from .racc_unit import RaccUnit
from .ready_report import ReadyReport
from .recipe import Recipe
from .recipe_body import RecipeBody
from .recipe_label_error_type_0 import RecipeLabelErrorType0
from .recipe_label_file_file import RecipeLabelFileFile
from .recipe_prepared_type_0 import RecipePreparedType0
from .recipe_reformulation_request import RecipeReformulationRequest
from .reference_view import ReferenceView
from .reform_fields import ReformFields
from .reform_fields_costs_type_0 import ReformFieldsCostsType0
from .reformulation_request import ReformulationRequest
from .reformulation_result import ReformulationResult
from .resolved_entry import ResolvedEntry
from .resolved_entry_nutrients_type_0 import ResolvedEntryNutrientsType0
from .resolved_line import ResolvedLine
from .resolved_line_label_names import ResolvedLineLabelNames
from .resolved_line_nutrients_type_0 import ResolvedLineNutrientsType0
from .role import Role
from .score_mark import ScoreMark
from .session_account import SessionAccount
from .sign_up_request import SignUpRequest
from .source import Source
from .state import State
from .substitute_body import SubstituteBody
from .substitution import Substitution
from .token_request import TokenRequest
from .token_response import TokenResponse
from .warning_mark import WarningMark
from .webhook import Webhook
from .webhook_attempt import WebhookAttempt
from .webhook_create import WebhookCreate
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_body import WebhookDeliveryBody
from .webhook_update import WebhookUpdate
from .webhook_with_secret import WebhookWithSecret

__all__ = (
    "Added",
    "AnalysisRequest",
    "AnalysisResult",
    "AppSession",
    "Basis",
    "BasisBody",
    "Candidate",
    "CandidateIngredientsItem",
    "Category",
    "CauseView",
    "Check",
    "Citation",
    "Claim",
    "Colour",
    "ColumnView",
    "Component",
    "ConfirmationStatus",
    "ConstraintsBody",
    "CountryList",
    "CountryView",
    "Direction",
    "DocsAssetAsset",
    "Embed",
    "Error",
    "ErrorCode",
    "ErrorDetail",
    "ExportExtra",
    "ExportRequest",
    "ExportRequestData",
    "Food",
    "FoodAllergenDetails",
    "FoodAllergenExemptions",
    "FoodBody",
    "FoodHit",
    "FoodLabelNamesType0",
    "FoodNutrientsPer100G",
    "FopSchemeKind",
    "FopSchemeList",
    "FopSchemeSummary",
    "Format",
    "FormatLabel",
    "FormatLight",
    "FormatList",
    "FrontOfPack",
    "FrontOfPackFacts",
    "GoalBody",
    "GoalMet",
    "GradeComponent",
    "GradeMark",
    "Health",
    "History",
    "HistoryEntry",
    "HubView",
    "ImportedLine",
    "ImportedRecipe",
    "ImportedRecipeLabelErrorType0",
    "ImportProblem",
    "ImportReport",
    "IndexView",
    "Ingredient",
    "IngredientBody",
    "IngredientBodyLabelNamesType0",
    "IngredientBodyNutrientsPer100GType0",
    "IngredientEntry",
    "IngredientEntryLabelNamesType0",
    "IngredientEntryNutrientsType0",
    "IngredientLabelNames",
    "IngredientNutrientsPer100G",
    "Label",
    "LabelAllergenDetails",
    "LabelAsPackaged",
    "LabelAsPrepared",
    "LabelDailyValues",
    "LabelDisplay",
    "LabelFoodsItem",
    "LabelFoodsItemServingSize",
    "LabelFormatStatus",
    "LabelIngredientNamesNotInLanguage",
    "LabelMissingItem",
    "LabelPackage",
    "LabelPer100G",
    "LabelPerContainer",
    "LabelPerPortion",
    "LabelPerServing",
    "LabelProblem",
    "LabelServingSize",
    "LabelSet",
    "LabelSetEntry",
    "LabelStatementsItem",
    "LabelUnrounded",
    "LabelVoluntary",
    "LabelVoluntaryAdditionalProperty",
    "LabelWarningsItem",
    "Level",
    "LightMark",
    "LineBounds",
    "LineChange",
    "ListFormatsView",
    "MarketScheme",
    "MarkSize",
    "NutrientView",
    "NutrientViewSourceKinds",
    "ObjectiveBody",
    "OpenapiResponse200",
    "Package",
    "PageFoodHit",
    "PageFoodHitDataItem",
    "PageIngredient",
    "PageIngredientDataItem",
    "PageIngredientDataItemLabelNames",
    "PageIngredientDataItemNutrientsPer100G",
    "PageRecipe",
    "PageRecipeDataItem",
    "PageRecipeDataItemLabelErrorType0",
    "PageRecipeDataItemPreparedType0",
    "PageWebhook",
    "PageWebhookDataItem",
    "PageWebhookDelivery",
    "PageWebhookDeliveryDataItem",
    "PageWebhookDeliveryDataItemBody",
    "PlanView",
    "Portion",
    "PreparedBody",
    "PrintedChange",
    "RaccCategory",
    "RaccCategoryList",
    "RaccUnit",
    "ReadyReport",
    "Recipe",
    "RecipeBody",
    "RecipeLabelErrorType0",
    "RecipeLabelFileFile",
    "RecipePreparedType0",
    "RecipeReformulationRequest",
    "ReferenceView",
    "ReformFields",
    "ReformFieldsCostsType0",
    "ReformulationRequest",
    "ReformulationResult",
    "ResolvedEntry",
    "ResolvedEntryNutrientsType0",
    "ResolvedLine",
    "ResolvedLineLabelNames",
    "ResolvedLineNutrientsType0",
    "Role",
    "ScoreMark",
    "SessionAccount",
    "SignUpRequest",
    "Source",
    "State",
    "SubstituteBody",
    "Substitution",
    "TokenRequest",
    "TokenResponse",
    "WarningMark",
    "Webhook",
    "WebhookAttempt",
    "WebhookCreate",
    "WebhookDelivery",
    "WebhookDeliveryBody",
    "WebhookUpdate",
    "WebhookWithSecret",
)
