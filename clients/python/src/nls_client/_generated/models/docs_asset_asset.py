from enum import StrEnum


class DocsAssetAsset(StrEnum):
    INIT_JS = "init.js"
    LICENSE = "LICENSE"
    SWAGGER_UI_BUNDLE_JS = "swagger-ui-bundle.js"
    SWAGGER_UI_CSS = "swagger-ui.css"

    def __str__(self) -> str:
        return str(self.value)
