from enum import StrEnum


class AnalysisRequestFrontOfPackItem(StrEnum):
    AR_FOP_OCT = "ar.fop.oct"
    BR_FOP_LUPA = "br.fop.lupa"
    CA_FOP_H_BI = "ca.fop.h.bi"
    CL_FOP_ALTO = "cl.fop.alto"
    CO_FOP_OCT = "co.fop.oct"
    EC_FOP_SEM = "ec.fop.sem"
    EU_FOP_NUTRISCORE = "eu.fop.nutriscore"
    IL_FOP_RED = "il.fop.red"
    LK_FOP_SOLID = "lk.fop.solid"
    MX_FOP_LEG = "mx.fop.leg"
    MX_FOP_OCT = "mx.fop.oct"
    PE_FOP_OCT = "pe.fop.oct"
    SG_FOP_NG = "sg.fop.ng"
    UK_FOP_TL = "uk.fop.tl"

    def __str__(self) -> str:
        return str(self.value)
