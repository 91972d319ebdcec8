from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.app_session_account_plan import AppSessionAccountPlan


T = TypeVar("T", bound="AppSessionAccount")


@_attrs_define
class AppSessionAccount:
    """
    Attributes:
        email (str):
        id (UUID):
        name (str):
        plan (AppSessionAccountPlan):
    """

    email: str
    id: UUID
    name: str
    plan: AppSessionAccountPlan
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        id = str(self.id)

        name = self.name

        plan = self.plan.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "email": email,
                "id": id,
                "name": name,
                "plan": plan,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.app_session_account_plan import AppSessionAccountPlan  # noqa: PLC0415

        d = dict(src_dict)
        email = d.pop("email")

        id = UUID(d.pop("id"))

        name = d.pop("name")

        plan = AppSessionAccountPlan.from_dict(d.pop("plan"))

        app_session_account = cls(
            email=email,
            id=id,
            name=name,
            plan=plan,
        )

        app_session_account.additional_properties = d
        return app_session_account

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
