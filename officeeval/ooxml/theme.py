"""DrawingML themes (shared by Word, Excel and PowerPoint): name, color scheme and font
scheme, including the per-script East Asian fonts used when ``a:ea`` is empty."""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import A

_SLOTS = ("dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5",
          "accent6", "hlink", "folHlink")

# w:lang / a:lang East Asian language -> the theme's script code.
_LANG_SCRIPT = {"zh-cn": "Hans", "zh-sg": "Hans", "zh-tw": "Hant", "zh-hk": "Hant",
                "zh-mo": "Hant", "ja-jp": "Jpan", "ko-kr": "Hang", "zh": "Hans", "ja": "Jpan",
                "ko": "Hang"}

# w:lang w:bidi / a:lang complex-script language -> the theme's script code.
_BIDI_LANG_SCRIPT = {"ar": "Arab", "fa": "Arab", "ur": "Arab", "ps": "Arab", "ug": "Arab",
                     "sd": "Arab", "ku": "Arab", "he": "Hebr", "iw": "Hebr", "yi": "Hebr",
                     "syr": "Syrc", "dv": "Thaa", "th": "Thai", "hi": "Deva", "mr": "Deva",
                     "ne": "Deva", "sa": "Deva", "bn": "Beng", "ta": "Taml", "te": "Telu",
                     "kn": "Knda", "ml": "Mlym", "gu": "Gujr", "pa": "Guru", "or": "Orya",
                     "si": "Sinh", "km": "Khmr", "lo": "Laoo", "bo": "Tibt", "my": "Mymr",
                     "am": "Ethi", "ti": "Ethi"}


def _script_of(lang: str | None, table: dict[str, str]) -> str | None:
    key = (lang or "").lower()
    return table.get(key) or table.get(key.split("-")[0])


@dataclass
class FontSet:
    latin: str = ""
    ea: str = ""
    cs: str = ""
    scripts: dict[str, str] = field(default_factory=dict)

    def east_asian(self, lang: str | None) -> str:
        """The East Asian face: ``a:ea`` when set, else the script font for ``lang``
        (``zh-CN`` -> ``Hans``); ``""`` when neither names one."""
        if self.ea:
            return self.ea
        return self.scripts.get(_script_of(lang, _LANG_SCRIPT) or "", "")

    def complex_script(self, lang: str | None) -> str:
        """The complex-script (bidi) face: ``a:cs`` when set, else the script font for
        ``lang`` (``ar-SA`` -> ``Arab``, ``he-IL`` -> ``Hebr``); ``""`` when neither names
        one."""
        if self.cs:
            return self.cs
        return self.scripts.get(_script_of(lang, _BIDI_LANG_SCRIPT) or "", "")


@dataclass
class Theme:
    name: str = ""
    colors: dict[str, str] = field(default_factory=dict)
    major: FontSet = field(default_factory=FontSet)
    minor: FontSet = field(default_factory=FontSet)
    color_scheme_name: str = ""
    font_scheme_name: str = ""

    def color(self, slot: str) -> str | None:
        """RGB of a scheme slot (``accent1``; ``tx1``/``bg1`` aliases map to dk1/lt1);
        ``None`` when the theme lacks it."""
        alias = {"tx1": "dk1", "bg1": "lt1", "tx2": "dk2", "bg2": "lt2",
                 "text1": "dk1", "background1": "lt1", "text2": "dk2", "background2": "lt2",
                 "dark1": "dk1", "light1": "lt1", "dark2": "dk2", "light2": "lt2",
                 "hyperlink": "hlink", "followedHyperlink": "folHlink"}
        return self.colors.get(alias.get(slot, slot))


def read_theme(root: etree._Element | None) -> Theme:
    """Read a ``a:theme`` root; an absent theme gives an empty ``Theme`` (no colors, no
    fonts) so callers fall through to their defaults."""
    theme = Theme()
    if root is None:
        return theme
    theme.name = root.get("name") or ""
    elems = root.find(f"{{{A}}}themeElements")
    if elems is None:
        return theme
    scheme = elems.find(f"{{{A}}}clrScheme")
    if scheme is not None:
        theme.color_scheme_name = scheme.get("name") or ""
        for slot in _SLOTS:
            el = scheme.find(f"{{{A}}}{slot}")
            if el is None or len(el) == 0:
                continue
            c = el[0]
            value = c.get("lastClr") if c.tag == f"{{{A}}}sysClr" else c.get("val")
            if c.tag == f"{{{A}}}sysClr" and not value:
                value = {"windowText": "000000", "window": "FFFFFF"}.get(c.get("val") or "")
            hexv = normalize_hex(value)
            if hexv and hexv != "auto":
                theme.colors[slot] = hexv
    fonts = elems.find(f"{{{A}}}fontScheme")
    if fonts is not None:
        theme.font_scheme_name = fonts.get("name") or ""
        for which in ("major", "minor"):
            el = fonts.find(f"{{{A}}}{which}Font")
            if el is None:
                continue
            fs = FontSet()
            for child in el:
                local = etree.QName(child).localname if isinstance(child.tag, str) else ""
                face = child.get("typeface") or ""
                if local == "latin":
                    fs.latin = face
                elif local == "ea":
                    fs.ea = face
                elif local == "cs":
                    fs.cs = face
                elif local == "font" and child.get("script"):
                    fs.scripts[child.get("script") or ""] = face
            setattr(theme, which, fs)
    return theme
