"""Format-neutral mutants that must not change any verdict: the same document re-serialized
(every XML part re-indented), the same parts in another zip order without compression, the
members renamed in another letter case (OPC part names are case-insensitive), and a touched
part no property reads (the application's statistics in ``docProps/app.xml``)."""

from __future__ import annotations

from officeeval.audit.mutators.base import Mutation, NotApplicable, PlanContext

_XML = (".xml", ".rels")


def plan_neutral(ctx: PlanContext) -> list[Mutation]:
    out = [_reindent(), _zip_order(), _zip_case()]
    if any(m.info.filename.lower() == "docprops/app.xml" for m in ctx.ws.members) and not any(
            (k.property or "").startswith(("app.", "extended.")) or (k.part or "").lower()
            == "docprops/app.xml" for c in ctx.rubric.criteria for k in c.checks):
        out.append(_app_properties())
    return out


def _reindent() -> Mutation:
    def apply(ws, edit) -> None:
        pkg = edit.doc.package
        for name in pkg.part_names():
            if name.lower().endswith(_XML):
                ws.touch_part(edit, name)

    return Mutation(key="neutral|reindent", operator="neutral:xml-whitespace",
                    description="every XML part re-serialized with indentation (whitespace "
                                "between elements only)", apply=apply, kind="neutral",
                    pretty=True)


def _zip_order() -> Mutation:
    import zipfile

    def apply(ws, edit) -> None:
        names = [m.info.filename for m in ws.members]
        edit.order = list(reversed(names))
        edit.compression = zipfile.ZIP_STORED

    return Mutation(key="neutral|zip-order", operator="neutral:zip-order",
                    description="zip members written in reverse order, uncompressed",
                    apply=apply, kind="neutral")


def _zip_case() -> Mutation:
    def apply(ws, edit) -> None:
        for m in ws.members:
            name = m.info.filename
            if name.lower() == "[content_types].xml":
                continue
            edit.renamed[name.lower()] = "/".join(seg[:1].upper() + seg[1:]
                                                  for seg in name.split("/"))

    return Mutation(key="neutral|zip-case", operator="neutral:zip-names-case",
                    description="zip members renamed with capitalized path segments "
                                "(part names are case-insensitive)", apply=apply,
                    kind="neutral")


def _app_properties() -> Mutation:
    def apply(ws, edit) -> None:
        name = next((n for n in edit.doc.package.part_names()
                     if n.lower() == "docprops/app.xml"), None)
        if name is None:
            raise NotApplicable("no docProps/app.xml")
        root = ws.touch_part(edit, name)
        for el in root:
            local = el.tag.rsplit("}", 1)[-1]
            if local in ("TotalTime", "Words", "Characters", "Lines", "Paragraphs"):
                el.text = "4242"
            elif local == "Application":
                el.text = "officeeval audit"

    return Mutation(key="neutral|app-props", operator="neutral:unrelated-part",
                    description="docProps/app.xml statistics and application name changed",
                    apply=apply, kind="neutral")
