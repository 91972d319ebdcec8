"""Contains all the data models used in inputs/outputs"""

from .analysis_request import AnalysisRequest
from .analysis_request_foods_item import AnalysisRequestFoodsItem
from .analysis_request_front_of_pack_item import AnalysisRequestFrontOfPackItem
from .analysis_request_prepared import AnalysisRequestPrepared
from .analysis_result import AnalysisResult
from .analysis_result_ingredients_item import AnalysisResultIngredientsItem
from .app_session import AppSession
from .app_session_account import AppSessionAccount
from .app_session_account_plan import AppSessionAccountPlan
from .app_session_account_plan_id import AppSessionAccountPlanId
from .claim import Claim
from .country_list import CountryList
from .country_list_data_item import CountryListDataItem
from .country_list_data_item_default_format_status_type_1 import CountryListDataItemDefaultFormatStatusType1
from .country_list_data_item_default_format_status_type_2_type_1 import CountryListDataItemDefaultFormatStatusType2Type1
from .country_list_data_item_default_format_status_type_3_type_1 import CountryListDataItemDefaultFormatStatusType3Type1
from .country_list_data_item_front_of_pack_item import CountryListDataItemFrontOfPackItem
from .docs_asset_asset import DocsAssetAsset
from .error import Error
from .error_error import ErrorError
from .error_error_code import ErrorErrorCode
from .export_request import ExportRequest
from .export_request_data import ExportRequestData
from .export_request_extra import ExportRequestExtra
from .food import Food
from .food_allergen_details import FoodAllergenDetails
from .food_allergen_exemptions import FoodAllergenExemptions
from .food_label_names import FoodLabelNames
from .food_list import FoodList
from .food_nutrients_per_100g import FoodNutrientsPer100G
from .fop_scheme_list import FopSchemeList
from .fop_scheme_list_data_item import FopSchemeListDataItem
from .fop_scheme_list_data_item_kind import FopSchemeListDataItemKind
from .fop_scheme_list_data_item_status import FopSchemeListDataItemStatus
from .format_ import Format
from .format_citation import FormatCitation
from .format_columns_item import FormatColumnsItem
from .format_direction import FormatDirection
from .format_light import FormatLight
from .format_light_role import FormatLightRole
from .format_list import FormatList
from .format_nutrients_item import FormatNutrientsItem
from .format_nutrients_item_reference_type_0 import FormatNutrientsItemReferenceType0
from .format_nutrients_item_source_kinds import FormatNutrientsItemSourceKinds
from .format_plan import FormatPlan
from .format_role import FormatRole
from .format_status import FormatStatus
from .front_of_pack import FrontOfPack
from .front_of_pack_checks_item import FrontOfPackChecksItem
from .front_of_pack_facts import FrontOfPackFacts
from .front_of_pack_facts_added_critical_nutrients_item import FrontOfPackFactsAddedCriticalNutrientsItem
from .front_of_pack_facts_category import FrontOfPackFactsCategory
from .front_of_pack_facts_state import FrontOfPackFactsState
from .front_of_pack_marks_item import FrontOfPackMarksItem
from .front_of_pack_scheme import FrontOfPackScheme
from .front_of_pack_status import FrontOfPackStatus
from .healthz_response_200 import HealthzResponse200
from .history import History
from .history_data_item import HistoryDataItem
from .history_data_item_cause import HistoryDataItemCause
from .history_data_item_label_changes_item import HistoryDataItemLabelChangesItem
from .ingredient import Ingredient
from .ingredient_allergens_item_type_0 import IngredientAllergensItemType0
from .ingredient_create import IngredientCreate
from .ingredient_create_allergens_item_type_0 import IngredientCreateAllergensItemType0
from .ingredient_create_label_names_type_0 import IngredientCreateLabelNamesType0
from .ingredient_create_nutrients_per_100g import IngredientCreateNutrientsPer100G
from .ingredient_create_unit_type_1 import IngredientCreateUnitType1
from .ingredient_create_unit_type_2_type_1 import IngredientCreateUnitType2Type1
from .ingredient_create_unit_type_3_type_1 import IngredientCreateUnitType3Type1
from .ingredient_entry import IngredientEntry
from .ingredient_entry_label_names import IngredientEntryLabelNames
from .ingredient_entry_nutrients import IngredientEntryNutrients
from .ingredient_label_names_type_0 import IngredientLabelNamesType0
from .ingredient_list import IngredientList
from .ingredient_nutrients_per_100g import IngredientNutrientsPer100G
from .ingredient_unit_type_1 import IngredientUnitType1
from .ingredient_unit_type_2_type_1 import IngredientUnitType2Type1
from .ingredient_unit_type_3_type_1 import IngredientUnitType3Type1
from .ingredient_update import IngredientUpdate
from .ingredient_update_allergens_item_type_0 import IngredientUpdateAllergensItemType0
from .ingredient_update_label_names_type_0 import IngredientUpdateLabelNamesType0
from .ingredient_update_nutrients_per_100g import IngredientUpdateNutrientsPer100G
from .ingredient_update_unit_type_1 import IngredientUpdateUnitType1
from .ingredient_update_unit_type_2_type_1 import IngredientUpdateUnitType2Type1
from .ingredient_update_unit_type_3_type_1 import IngredientUpdateUnitType3Type1
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
from .label_serving_size import LabelServingSize
from .label_set import LabelSet
from .label_set_entry import LabelSetEntry
from .label_set_entry_error import LabelSetEntryError
from .label_statements_item import LabelStatementsItem
from .label_unrounded import LabelUnrounded
from .label_voluntary import LabelVoluntary
from .label_voluntary_additional_property import LabelVoluntaryAdditionalProperty
from .label_warnings_item import LabelWarningsItem
from .list_formats_view import ListFormatsView
from .openapi_response_200 import OpenapiResponse200
from .package import Package
from .racc_category_list import RaccCategoryList
from .racc_category_list_data_item import RaccCategoryListDataItem
from .racc_category_list_data_item_unit_type_1 import RaccCategoryListDataItemUnitType1
from .racc_category_list_data_item_unit_type_2_type_1 import RaccCategoryListDataItemUnitType2Type1
from .racc_category_list_data_item_unit_type_3_type_1 import RaccCategoryListDataItemUnitType3Type1
from .readyz_response_200 import ReadyzResponse200
from .readyz_response_200_embed_hub_type_0 import ReadyzResponse200EmbedHubType0
from .readyz_response_200_embed_hub_type_0_state import ReadyzResponse200EmbedHubType0State
from .readyz_response_200_label_index_type_0 import ReadyzResponse200LabelIndexType0
from .readyz_response_200_label_index_type_0_state import ReadyzResponse200LabelIndexType0State
from .readyz_response_200_status import ReadyzResponse200Status
from .readyz_response_503 import ReadyzResponse503
from .readyz_response_503_embed_hub_type_0 import ReadyzResponse503EmbedHubType0
from .readyz_response_503_embed_hub_type_0_state import ReadyzResponse503EmbedHubType0State
from .readyz_response_503_label_index_type_0 import ReadyzResponse503LabelIndexType0
from .readyz_response_503_label_index_type_0_state import ReadyzResponse503LabelIndexType0State
from .readyz_response_503_status import ReadyzResponse503Status
from .recipe import Recipe
from .recipe_create import RecipeCreate
from .recipe_create_front_of_pack_type_0_item import RecipeCreateFrontOfPackType0Item
from .recipe_create_prepared_type_0 import RecipeCreatePreparedType0
from .recipe_embed_type_1 import RecipeEmbedType1
from .recipe_front_of_pack_type_0_item import RecipeFrontOfPackType0Item
from .recipe_history_include import RecipeHistoryInclude
from .recipe_ingredients_item import RecipeIngredientsItem
from .recipe_ingredients_item_label_names import RecipeIngredientsItemLabelNames
from .recipe_ingredients_item_nutrients import RecipeIngredientsItemNutrients
from .recipe_label_file_file import RecipeLabelFileFile
from .recipe_label_file_scheme import RecipeLabelFileScheme
from .recipe_label_file_state import RecipeLabelFileState
from .recipe_list import RecipeList
from .recipe_prepared_type_0 import RecipePreparedType0
from .recipe_update import RecipeUpdate
from .recipe_update_front_of_pack_type_0_item import RecipeUpdateFrontOfPackType0Item
from .recipe_update_prepared_type_0 import RecipeUpdatePreparedType0
from .sign_up_request import SignUpRequest
from .token_request import TokenRequest
from .token_response import TokenResponse
from .webhook import Webhook
from .webhook_create import WebhookCreate
from .webhook_create_events_item import WebhookCreateEventsItem
from .webhook_delivery import WebhookDelivery
from .webhook_delivery_attempt_log_item import WebhookDeliveryAttemptLogItem
from .webhook_delivery_body import WebhookDeliveryBody
from .webhook_delivery_list import WebhookDeliveryList
from .webhook_delivery_status import WebhookDeliveryStatus
from .webhook_events_item import WebhookEventsItem
from .webhook_list import WebhookList
from .webhook_update import WebhookUpdate
from .webhook_update_events_item import WebhookUpdateEventsItem
from .webhook_with_secret import WebhookWithSecret

__all__ = (
    "AnalysisRequest",
    "AnalysisRequestFoodsItem",
    "AnalysisRequestFrontOfPackItem",
    "AnalysisRequestPrepared",
    "AnalysisResult",
    "AnalysisResultIngredientsItem",
    "AppSession",
    "AppSessionAccount",
    "AppSessionAccountPlan",
    "AppSessionAccountPlanId",
    "Claim",
    "CountryList",
    "CountryListDataItem",
    "CountryListDataItemDefaultFormatStatusType1",
    "CountryListDataItemDefaultFormatStatusType2Type1",
    "CountryListDataItemDefaultFormatStatusType3Type1",
    "CountryListDataItemFrontOfPackItem",
    "DocsAssetAsset",
    "Error",
    "ErrorError",
    "ErrorErrorCode",
    "ExportRequest",
    "ExportRequestData",
    "ExportRequestExtra",
    "Food",
    "FoodAllergenDetails",
    "FoodAllergenExemptions",
    "FoodLabelNames",
    "FoodList",
    "FoodNutrientsPer100G",
    "FopSchemeList",
    "FopSchemeListDataItem",
    "FopSchemeListDataItemKind",
    "FopSchemeListDataItemStatus",
    "Format",
    "FormatCitation",
    "FormatColumnsItem",
    "FormatDirection",
    "FormatLight",
    "FormatLightRole",
    "FormatList",
    "FormatNutrientsItem",
    "FormatNutrientsItemReferenceType0",
    "FormatNutrientsItemSourceKinds",
    "FormatPlan",
    "FormatRole",
    "FormatStatus",
    "FrontOfPack",
    "FrontOfPackChecksItem",
    "FrontOfPackFacts",
    "FrontOfPackFactsAddedCriticalNutrientsItem",
    "FrontOfPackFactsCategory",
    "FrontOfPackFactsState",
    "FrontOfPackMarksItem",
    "FrontOfPackScheme",
    "FrontOfPackStatus",
    "HealthzResponse200",
    "History",
    "HistoryDataItem",
    "HistoryDataItemCause",
    "HistoryDataItemLabelChangesItem",
    "Ingredient",
    "IngredientAllergensItemType0",
    "IngredientCreate",
    "IngredientCreateAllergensItemType0",
    "IngredientCreateLabelNamesType0",
    "IngredientCreateNutrientsPer100G",
    "IngredientCreateUnitType1",
    "IngredientCreateUnitType2Type1",
    "IngredientCreateUnitType3Type1",
    "IngredientEntry",
    "IngredientEntryLabelNames",
    "IngredientEntryNutrients",
    "IngredientLabelNamesType0",
    "IngredientList",
    "IngredientNutrientsPer100G",
    "IngredientUnitType1",
    "IngredientUnitType2Type1",
    "IngredientUnitType3Type1",
    "IngredientUpdate",
    "IngredientUpdateAllergensItemType0",
    "IngredientUpdateLabelNamesType0",
    "IngredientUpdateNutrientsPer100G",
    "IngredientUpdateUnitType1",
    "IngredientUpdateUnitType2Type1",
    "IngredientUpdateUnitType3Type1",
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
    "LabelServingSize",
    "LabelSet",
    "LabelSetEntry",
    "LabelSetEntryError",
    "LabelStatementsItem",
    "LabelUnrounded",
    "LabelVoluntary",
    "LabelVoluntaryAdditionalProperty",
    "LabelWarningsItem",
    "ListFormatsView",
    "OpenapiResponse200",
    "Package",
    "RaccCategoryList",
    "RaccCategoryListDataItem",
    "RaccCategoryListDataItemUnitType1",
    "RaccCategoryListDataItemUnitType2Type1",
    "RaccCategoryListDataItemUnitType3Type1",
    "ReadyzResponse200",
    "ReadyzResponse200EmbedHubType0",
    "ReadyzResponse200EmbedHubType0State",
    "ReadyzResponse200LabelIndexType0",
    "ReadyzResponse200LabelIndexType0State",
    "ReadyzResponse200Status",
    "ReadyzResponse503",
    "ReadyzResponse503EmbedHubType0",
    "ReadyzResponse503EmbedHubType0State",
    "ReadyzResponse503LabelIndexType0",
    "ReadyzResponse503LabelIndexType0State",
    "ReadyzResponse503Status",
    "Recipe",
    "RecipeCreate",
    "RecipeCreateFrontOfPackType0Item",
    "RecipeCreatePreparedType0",
    "RecipeEmbedType1",
    "RecipeFrontOfPackType0Item",
    "RecipeHistoryInclude",
    "RecipeIngredientsItem",
    "RecipeIngredientsItemLabelNames",
    "RecipeIngredientsItemNutrients",
    "RecipeLabelFileFile",
    "RecipeLabelFileScheme",
    "RecipeLabelFileState",
    "RecipeList",
    "RecipePreparedType0",
    "RecipeUpdate",
    "RecipeUpdateFrontOfPackType0Item",
    "RecipeUpdatePreparedType0",
    "SignUpRequest",
    "TokenRequest",
    "TokenResponse",
    "Webhook",
    "WebhookCreate",
    "WebhookCreateEventsItem",
    "WebhookDelivery",
    "WebhookDeliveryAttemptLogItem",
    "WebhookDeliveryBody",
    "WebhookDeliveryList",
    "WebhookDeliveryStatus",
    "WebhookEventsItem",
    "WebhookList",
    "WebhookUpdate",
    "WebhookUpdateEventsItem",
    "WebhookWithSecret",
)
