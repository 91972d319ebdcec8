from enum import StrEnum


class RecipeLabelFileFile(StrEnum):
    FOP_PDF = "fop.pdf"
    FOP_PNG = "fop.png"
    FOP_SVG = "fop.svg"
    LABEL_PDF = "label.pdf"
    LABEL_PNG = "label.png"
    LABEL_SVG = "label.svg"

    def __str__(self) -> str:
        return str(self.value)
