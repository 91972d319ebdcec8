from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.plan_view import PlanView


T = TypeVar("T", bound="SessionAccount")


@_attrs_define
class SessionAccount:
    """The signed-in account.

    Attributes:
        email (str):
        id (UUID):
        name (str):
        plan (PlanView): A plan's entitlements as the app shows them.
    """

    email: str
    id: UUID
    name: str
    plan: PlanView
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
        from ..models.plan_view import PlanView  # noqa: PLC0415

        d = dict(src_dict)
        email = d.pop("email")

        id = UUID(d.pop("id"))

        name = d.pop("name")

        plan = PlanView.from_dict(d.pop("plan"))

        session_account = cls(
            email=email,
            id=id,
            name=name,
            plan=plan,
        )

        session_account.additional_properties = d
        return session_account

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
