"""Hostile Word documents: a small base document (tests/hostile/rubrics/hostile-word.xml
scores it 100) and every damage done to it, plus the package-level attacks (bombs, zip
directory abuse, XML attacks), which are app-neutral but built on the Word base."""

from __future__ import annotations

import io
import random
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_common import (  # noqa: E402
    _KERNEL, _PAD, MB, R_NS, CT_NS, Case, Ctx, _bz2_zeros, _rels, _random_cjk,
    _ratio_payload, zip_parts,
)
from hostile_ole import encrypted_ooxml, legacy_binary  # noqa: E402
from hostile_zip import (  # noqa: E402
    BZIP2, DEFLATE64, DEFLATED, FLAG_ENCRYPTED, STORED, Member, build_zip, deflate,
)

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
WML = "application/vnd.openxmlformats-officedocument.wordprocessingml"


# ---------------------------------------------------------------------------- the Word base
def _document_xml(body_extra: str = "", p1_rpr: str = "", p2_ppr: str = "",
                  sect: str | None = None, p1_text: str = "关于举办校园读书节的通知") -> str:
    sect = sect if sect is not None else (
        '<w:headerReference w:type="default" r:id="rIdH1"/>'
        '<w:pgSz w:w="11906" w:h="16838"/>'
        '<w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" '
        'w:footer="992" w:gutter="0"/>')
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<w:document xmlns:w="{W_NS}" xmlns:r="{R_NS}"><w:body>'
        f'<w:p><w:pPr><w:pStyle w:val="Title"/><w:jc w:val="center"/></w:pPr>'
        f'<w:r><w:rPr><w:rFonts w:eastAsia="黑体"/><w:b/><w:sz w:val="44"/>{p1_rpr}</w:rPr>'
        f'<w:t>{p1_text}</w:t></w:r></w:p>'
        f'<w:p><w:pPr><w:spacing w:line="360" w:lineRule="auto"/><w:ind w:firstLineChars="200"/>'
        f'{p2_ppr}</w:pPr><w:r><w:t>正文内容：本次读书节将于五月举行。</w:t></w:r></w:p>'
        f'<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>活动安排</w:t></w:r></w:p>'
        f'{body_extra}<w:sectPr>{sect}</w:sectPr></w:body></w:document>')


def _styles_xml(extra: str = "", title_based_on: str = "Normal",
                heading_based_on: str = "Normal") -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<w:styles xmlns:w="{W_NS}"><w:docDefaults><w:rPrDefault><w:rPr>'
        f'<w:rFonts w:ascii="Times New Roman" w:hAnsi="Times New Roman" w:eastAsia="宋体"/>'
        f'<w:sz w:val="21"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr/></w:pPrDefault>'
        f'</w:docDefaults>'
        f'<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/>'
        f'</w:style>'
        f'<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/>'
        f'<w:basedOn w:val="{title_based_on}"/><w:rPr><w:sz w:val="32"/></w:rPr></w:style>'
        f'<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/>'
        f'<w:basedOn w:val="{heading_based_on}"/><w:pPr><w:keepNext/><w:outlineLvl w:val="0"/>'
        f'</w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style>{extra}</w:styles>')


def _header_xml(text: str = "页眉：校园读书节") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<w:hdr xmlns:w="{W_NS}"><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:hdr>')



DOC_RELS = [("rIdS", "styles", "styles.xml", False), ("rIdH1", "header", "header1.xml", False),
            ("rIdT", "settings", "settings.xml", False)]


def _content_types(main_type: str = f"{WML}.document.main+xml", extra: str = "") -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<Types xmlns="{CT_NS}">'
        f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        f'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/word/document.xml" ContentType="{main_type}"/>'
        f'<Override PartName="/word/styles.xml" ContentType="{WML}.styles+xml"/>'
        f'<Override PartName="/word/settings.xml" ContentType="{WML}.settings+xml"/>'
        f'<Override PartName="/word/header1.xml" ContentType="{WML}.header+xml"/>'
        f'{extra}</Types>')


def word_parts(**over: str | bytes) -> dict[str, bytes]:
    """The base Word document's parts (name -> bytes); keyword arguments replace parts
    (``document``, ``styles``, ``header``, ``doc_rels``, ``root_rels``, ``content_types``,
    ``settings``)."""
    parts = {
        "[Content_Types].xml": over.get("content_types", _content_types()),
        "_rels/.rels": over.get("root_rels", _rels([("rId1", "officeDocument",
                                                       "word/document.xml", False)])),
        "word/document.xml": over.get("document", _document_xml()),
        "word/_rels/document.xml.rels": over.get("doc_rels", _rels(DOC_RELS)),
        "word/styles.xml": over.get("styles", _styles_xml()),
        "word/settings.xml": over.get(
            "settings", f'<w:settings xmlns:w="{W_NS}"><w:zoom w:percent="100"/></w:settings>'),
        "word/header1.xml": over.get("header", _header_xml()),
    }
    return {k: v.encode("utf-8") if isinstance(v, str) else v for k, v in parts.items()}



def word(**over: str | bytes) -> bytes:
    return zip_parts(word_parts(**over))

def _xml_bomb_within_ratio(size: int) -> bytes:
    """A well-formed document.xml of ``size`` bytes whose paragraphs hold random words, so
    it compresses under the ratio limit yet would take gigabytes to hold as a tree."""
    rnd = random.Random(11)
    words = ["".join(rnd.choice("abcdefghij") for _ in range(rnd.randint(2, 9)))
             for _ in range(64)]
    unit = "".join(f"<w:p><w:r><w:t>{rnd.choice(words)} {rnd.choice(words)}</w:t></w:r></w:p>"
                   for _ in range(40)).encode()
    head = _document_xml().encode().split(b"</w:body>")[0]
    tail = b"</w:body></w:document>"
    n = (size - len(head) - len(tail)) // len(unit)
    return head + unit * max(n, 1) + tail




def _billion_laughs(doctype_prefix: bytes = b"", encoding: str = "utf-8") -> bytes:
    lol = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{i} "{("&lol%d;" % (i - 1)) * 10}">' for i in range(1, 10)]
    text = (f'<?xml version="1.0" encoding="{encoding.upper()}"?>\n'
            f'{doctype_prefix.decode()}<!DOCTYPE w:document [{"".join(lol)}]>\n'
            + _document_xml(p1_text="&lol9;").split("\n", 1)[1])
    return text.encode(encoding)


def _xxe(system_id: str, prefix: str = "", encoding: str = "utf-8",
         parameter: bool = False) -> bytes:
    if parameter:
        decl = f'<!ENTITY % ext SYSTEM "{system_id}"> %ext;'
        ref = "x"
    else:
        decl = f'<!ENTITY ext SYSTEM "{system_id}">'
        ref = "&ext;"
    text = (f'<?xml version="1.0" encoding="{encoding.upper()}"?>\n{prefix}'
            f'<!DOCTYPE w:document [{decl}]>\n'
            + _document_xml(p1_text=ref).split("\n", 1)[1])
    return text.encode(encoding)



def _deep(depth: int) -> str:
    return ("<w:sdt><w:sdtContent>" * depth + "<w:p><w:r><w:t>deep</w:t></w:r></w:p>"
            + "</w:sdtContent></w:sdt>" * depth)


def _absurd_document() -> str:
    p1 = ('<w:p><w:pPr><w:pStyle w:val="Title"/><w:jc w:val="sideways"/>'
          '<w:ind w:left="1e309" w:right="NaN" w:firstLine="-99999999999999999999" '
          'w:hanging="abc"/><w:spacing w:before="1e400" w:after="-inf" w:line="NaN" '
          'w:lineRule="bogus"/><w:outlineLvl w:val="-5"/></w:pPr>'
          '<w:r><w:rPr><w:rFonts w:eastAsia=""/><w:b w:val="maybe"/><w:sz w:val="NaN"/>'
          '<w:color w:val="GGGGGG" w:themeColor="nonsense" w:themeTint="ZZ"/>'
          '<w:spacing w:val="1e309"/><w:w w:val="-100"/><w:highlight w:val=""/>'
          '<w:u w:val="∞"/><w:kern w:val="inf"/><w:position w:val="nan"/></w:rPr>'
          '<w:t>关于举办校园读书节的通知</w:t><w:sym w:char="FFFFFFFFFFFFFFFFFFFF"/>'
          '<w:sym w:char="zz"/></w:r></w:p>')
    p2 = ('<w:p><w:pPr><w:spacing w:line="1e309" w:lineRule="auto" w:beforeLines="NaN"/>'
          '<w:ind w:firstLineChars="-200" w:firstLine="1e309"/></w:pPr><w:r><w:rPr>'
          '<w:sz w:val="-21"/><w:szCs w:val="1e309"/></w:rPr>'
          '<w:t>正文内容：本次读书节将于五月举行。</w:t></w:r></w:p>')
    p3 = ('<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>活动安排</w:t></w:r></w:p>')
    sect = ('<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/>'
            '<w:pgSz w:w="-11906" w:h="1e309" w:orient="diagonal"/>'
            '<w:pgMar w:top="abc" w:right="NaN" w:bottom="1e400" w:left="-0" w:header="" '
            'w:footer="99999999999999999999" w:gutter="-5"/>'
            '<w:cols w:num="1000000000" w:space="NaN" w:sep="perhaps"/>'
            '<w:pgNumType w:start="1e309" w:fmt=""/><w:docGrid w:type="lines" '
            'w:linePitch="NaN"/><w:pgBorders><w:top w:val="single" w:sz="1e309" '
            'w:color="#12"/></w:pgBorders></w:sectPr>')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<w:document xmlns:w="{W_NS}" '
            f'xmlns:r="{R_NS}"><w:body>{p1}{p2}{p3}{sect}</w:body></w:document>')


def _overlapping_bomb(ctx: Ctx) -> bytes:
    """Fifield-style: many central-directory entries share one compressed kernel."""
    kernel_data = _ratio_payload(100 * MB)
    kernel = deflate(kernel_data, 1)
    base = zipfile.ZipFile(io.BytesIO(word()))
    members = [Member(i.filename, base.read(i)) for i in base.infolist()]
    # Append entries whose payloads are all the same kernel (declared 100 MB each).
    extra = [Member(f"word/media/k{i}.bin", b"", raw=kernel, size=len(kernel_data),
                    crc=0) for i in range(12)]
    return build_zip(members + extra)


def word_cases() -> list[Case]:
    inv = "invalid_package"
    all_c = frozenset(f"c{i:02d}" for i in range(1, 14))
    hdr = frozenset({"c13"})
    # What the styles part gives: Title as a style, docDefaults' 五号 宋体, Heading1's bold.
    style_dep = frozenset({"c05", "c08", "c09", "c10"})
    cases = [
        Case("base", "word", lambda c: word(), note="the untouched base scores 100"),
        # --------------------------------------------------------------- not a zip at all
        Case("empty_file", "word", lambda c: b"", inv, "not_a_zip"),
        Case("plain_text", "word", lambda c: "这不是文档\n".encode() * 100, inv, "not_a_zip"),
        Case("truncated_zip", "word", lambda c: word()[: len(word()) * 3 // 5], inv,
             "not_a_zip", note="cut inside the data: no central directory"),
        Case("truncated_central_directory", "word", lambda c: word()[:-30], inv, "not_a_zip"),
        Case("corrupt_member_data", "word", lambda c: _corrupt_member("word/document.xml"),
             inv, "not_a_zip", note="directory intact, deflate stream garbage"),
        Case("invalid_utf8_member_name", "word", lambda c: zip_parts(
            word_parts(), [Member(b"word/\xff\xfe.xml", b"<x/>", flags=0x800)]),
             inv, "not_a_zip"),
        # --------------------------------------------------------------- decompression bombs
        Case("bomb_ratio", "word", lambda c: zip_parts(word_parts(
            document=_document_xml().replace("</w:body>", "<!--" + " " * (64 * MB) + "--></w:body>"))),
             inv, "limit_exceeded", max_inflated=0,
             note="64 MB of spaces deflate ~1000:1"),
        Case("bomb_ratio_unreferenced_member", "word", lambda c: zip_parts(word_parts(), [
            Member("word/media/image1.png", b"\x00" * (64 * MB))]), inv, "limit_exceeded",
             max_inflated=0),
        Case("bomb_total", "word", lambda c: zip_parts(word_parts(), [
            Member(f"word/media/big{i}.bin", b"", raw=_KERNEL.get(), size=100 * MB,
                   crc=_KERNEL.crc()) for i in range(11)]), inv, "limit_exceeded",
             max_inflated=0, note="11 x 100 MB at ~120:1: each under the ratio, 1.1 GB"),
        Case("bomb_overlapping_kernel", "word", _overlapping_bomb, inv, "limit_exceeded",
             max_inflated=0),
        Case("bomb_lying_directory", "word", lambda c: _lying_main(), inv, "not_a_zip",
             max_inflated=64 * 1024,
             note="the directory says 4 KB, the stream inflates to 64 MB"),
        Case("bomb_bzip2_main", "word", lambda c: _bzip2_main(), inv, "not_a_zip",
             max_inflated=16 * 1024, note="bzip2 inflates in one call without a bound"),
        Case("bomb_bzip2_unused_member", "word", lambda c: zip_parts(word_parts(), [
            Member("word/media/image2.bin", b"", method=BZIP2, raw=_bz2_zeros(256 * MB),
                   size=1000, crc=0)]), max_inflated=64 * 1024,
             note="never read: grading is unaffected"),
        Case("bomb_xml_within_ratio", "word", lambda c: zip_parts(word_parts(
            document=_xml_bomb_within_ratio(160 * MB))), inv, "limit_exceeded",
             max_inflated=16 * 1024,
             note="a 160 MB document.xml at ~100:1: under every zip limit, GBs as a tree"),
        # --------------------------------------------------------------- zip directory abuse
        Case("members_20k", "word", lambda c: zip_parts(word_parts(), [
            Member(f"customXml/item{i}.xml", b"<a/>", method=STORED) for i in range(20_000)]),
             inv, "limit_exceeded", max_inflated=0),
        Case("members_300k", "word", lambda c: _many_members(300_000), inv, "limit_exceeded",
             max_inflated=0, note="rejected from the end record, before zipfile lists them"),
        Case("duplicate_member", "word", lambda c: zip_parts(word_parts(), [
            Member("word/document.xml", _document_xml(p1_text="第二份").encode())]),
             inv, "not_a_zip"),
        Case("duplicate_member_case", "word", lambda c: zip_parts(word_parts(), [
            Member("Word/Document.XML", _document_xml(p1_text="第二份").encode())]),
             inv, "not_a_zip"),
        Case("traversal_member_names", "word", lambda c: zip_parts(word_parts(), [
            Member("../../etc/passwd", c.secret_text.encode()),
            Member("/abs/evil.xml", b"<x/>"), Member("..\\..\\evil.xml", b"<x/>"),
            Member("word/../../../evil.xml", b"<x/>")])),
        Case("traversal_rel_target", "word", lambda c: word(doc_rels=_rels(
            [DOC_RELS[0], ("rIdH1", "header", "../../../../../../.." + c.secret, False),
             DOC_RELS[2]])), failing=hdr),
        Case("traversal_rel_target_into_zip", "word", lambda c: zip_parts(word_parts(
            doc_rels=_rels([DOC_RELS[0], ("rIdH1", "header", "../../../etc/passwd", False),
                            DOC_RELS[2]])), [Member("etc/passwd", c.secret_text.encode())]),
             failing=hdr, note="climbing out of the package is dangling, not the root"),
        Case("unsupported_method_main", "word", lambda c: zip_parts(
            word_parts(), methods={"word/document.xml": DEFLATE64}), inv, "not_a_zip"),
        Case("unsupported_method_header", "word", lambda c: zip_parts(
            word_parts(), methods={"word/header1.xml": DEFLATE64}), failing=hdr),
        Case("encrypted_member_main", "word", lambda c: zip_parts(
            word_parts(), flags={"word/document.xml": FLAG_ENCRYPTED}), inv, "encrypted"),
        Case("encrypted_member_header", "word", lambda c: zip_parts(
            word_parts(), flags={"word/header1.xml": FLAG_ENCRYPTED}), failing=hdr),
        Case("ole_legacy_doc", "word", lambda c: legacy_binary("word"), inv, "wrong_format"),
        Case("ole_legacy_xls", "word", lambda c: legacy_binary("excel"), inv, "wrong_format"),
        Case("ole_encrypted_ooxml", "word", lambda c: encrypted_ooxml(), inv, "encrypted"),
        # --------------------------------------------------------------- content types
        Case("no_content_types", "word", lambda c: zip_parts(
            {k: v for k, v in word_parts().items() if k != "[Content_Types].xml"}), inv,
             "no_content_types"),
        Case("wrong_main_content_type", "word", lambda c: word(
            content_types=_content_types("application/xml")), inv, "no_main_part"),
        Case("excel_content_type_on_word_xml", "word", lambda c: word(
            content_types=_content_types("application/vnd.openxmlformats-officedocument."
                                         "spreadsheetml.sheet.main+xml")),
             inv, "wrong_format"),
        Case("main_root_not_document", "word", lambda c: word(
            document=f'<w:hdr xmlns:w="{W_NS}"><w:p/></w:hdr>'), inv, "no_main_part"),
        Case("no_office_document_rel", "word", lambda c: word(root_rels=_rels([])), inv,
             "no_main_part"),
        Case("main_rel_external", "word", lambda c: word(root_rels=_rels(
            [("rId1", "officeDocument", "file://" + c.fifo, True)])), inv, "no_main_part"),
        # --------------------------------------------------------------- relationships
        Case("rels_cycle", "word", lambda c: word(
            doc_rels=_rels([DOC_RELS[0], ("rIdH1", "header", "document.xml", False),
                            DOC_RELS[2], ("rIdX", "officeDocument", "document.xml", False),
                            ("rIdY", "styles", "../word/document.xml", False)]),
            root_rels=_rels([("rId1", "officeDocument", "word/document.xml", False),
                             ("rId2", "officeDocument", "/word/document.xml", False)])),
             failing=hdr, note="header and a second styles rel point back at the body"),
        Case("rels_dangling", "word", lambda c: word(doc_rels=_rels(
            [("rIdS", "styles", "nowhere/styles.xml", False),
             ("rIdH1", "header", "missing.xml", False)])),
             failing=style_dep | hdr),
        Case("rels_external_file", "word", lambda c: word(doc_rels=_rels(
            [("rIdS", "styles", "file://" + c.fifo, True),
             ("rIdH1", "header", "file://" + c.secret, True), DOC_RELS[2]])),
             failing=style_dep | hdr),
        Case("rels_external_http", "word", lambda c: word(doc_rels=_rels(
            [("rIdS", "styles", c.url + "styles.xml", True),
             ("rIdH1", "header", c.url + "header.xml", True), DOC_RELS[2]])),
             failing=style_dep | hdr),
        Case("rels_malformed", "word", lambda c: word(doc_rels="<Relationships><oops"), inv,
             "malformed_xml"),
        Case("rels_garbage_ids", "word", lambda c: word(doc_rels=_rels(
            [("", "styles", "styles.xml", False), ("rIdH1", "", "header1.xml", False),
             ("rIdS", "styles", "", False)])),
             note="an empty id or type still finds its part: nothing is lost"),
        # --------------------------------------------------------------- style cycles
        Case("basedon_cycle", "word", lambda c: word(styles=_styles_xml(
            title_based_on="Heading1", heading_based_on="Title"))),
        Case("basedon_self", "word", lambda c: word(styles=_styles_xml(
            title_based_on="Title", heading_based_on="Heading1"))),
        Case("basedon_chain_10k", "word", lambda c: word(styles=_styles_xml(
            extra="".join(f'<w:style w:type="paragraph" w:styleId="S{i}"><w:name w:val="s{i}"/>'
                          f'<w:basedOn w:val="S{i + 1}"/></w:style>' for i in range(10_000)),
            heading_based_on="S0")),
             note="a 10,000-style basedOn chain; the walk is capped and memoized"),
        Case("numbering_cycle", "word", lambda c: _numbering_cycle()),
        # --------------------------------------------------------------- absurd values
        Case("absurd_attribute_values", "word", lambda c: word(document=_absurd_document()),
             failing=frozenset({"c01", "c02", "c03", "c04", "c06", "c07", "c08", "c11"}),
             note="eastAsia='' is no value (docDefaults' 宋体 shows through); pgMar "
                  "top='abc' is no value (Word's 1 inch default passes)"),
        Case("absurd_style_values", "word", lambda c: word(styles=_styles_xml(
            extra='<w:style w:type="paragraph" w:styleId="Weird"><w:rPr><w:sz w:val="1e309"/>'
                  '</w:rPr></w:style>').replace('w:val="21"', 'w:val="NaN"').replace(
            '<w:b/>', '<w:b w:val="NaN"/>'))
             , failing=frozenset({"c08", "c10"})),
        # --------------------------------------------------------------- XML attacks
        Case("billion_laughs", "word", lambda c: word(document=_billion_laughs()), inv,
             "malformed_xml"),
        Case("billion_laughs_padded", "word", lambda c: word(document=_billion_laughs(
            _PAD.encode())), inv, "malformed_xml",
             note="the DOCTYPE sits past the first 64 KB"),
        Case("billion_laughs_utf16", "word", lambda c: word(document=_billion_laughs(
            encoding="utf-16")), inv, "malformed_xml",
             note="UTF-16: no ASCII '<!DOCTYPE' bytes to sniff"),
        Case("xxe_file", "word", lambda c: word(document=_xxe("file://" + c.secret)), inv,
             "malformed_xml"),
        Case("xxe_fifo_padded", "word", lambda c: word(document=_xxe(
            "file://" + c.fifo, prefix=_PAD)), inv, "malformed_xml"),
        Case("xxe_file_utf16", "word", lambda c: word(document=_xxe(
            "file://" + c.secret, encoding="utf-16")), inv, "malformed_xml"),
        Case("xxe_http_padded", "word", lambda c: word(document=_xxe(
            c.url + "xxe", prefix=_PAD)), inv, "malformed_xml"),
        Case("xxe_parameter_entity_padded", "word", lambda c: word(document=_xxe(
            c.url + "dtd", prefix=_PAD, parameter=True)), inv, "malformed_xml"),
        Case("xxe_in_styles", "word", lambda c: word(styles=_xxe_styles(c)), inv,
             "malformed_xml"),
        Case("xxe_in_header_utf16", "word", lambda c: word(header=(
            f'<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE w:hdr [<!ENTITY e SYSTEM '
            f'"file://{c.secret}">]><w:hdr xmlns:w="{W_NS}"><w:p><w:r><w:t>&e;</w:t></w:r>'
            f'</w:p></w:hdr>').encode("utf-16")), failing=hdr),
        Case("external_dtd_http", "word", lambda c: word(document=(
            f'<?xml version="1.0"?>\n{_PAD}<!DOCTYPE w:document SYSTEM "{c.url}dtd">\n'
            + _document_xml().split("\n", 1)[1]).encode()), inv, "malformed_xml"),
        Case("xinclude_file", "word", lambda c: word(document=_document_xml(
            p1_text=f'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" '
                    f'href="file://{c.secret}" parse="text"/>')),
             failing=frozenset({"c01", "c02", "c03"}),
             note="XInclude is never processed: the title run shows no text, so the "
                  "title is judged on its paragraph mark (style Title: 三号 宋体)"),
        Case("deep_nesting_100k", "word", lambda c: word(document=_document_xml(
            body_extra=_deep(20_000))), inv, "malformed_xml",
             note="20,000 levels (under the ratio floor); libxml2 stops at 256"),
        Case("deep_nesting_200", "word", lambda c: word(document=_document_xml(
            body_extra=_deep(120)))),
        Case("wide_element_50k_attributes", "word", lambda c: word(document=_document_xml(
            p1_rpr="<w:lang " + " ".join(f'a{i}="{i}"' for i in range(50_000)) + "/>"))),
        Case("text_node_6mb", "word", lambda c: word(document=_document_xml(
            body_extra="<w:p><w:r><w:t>" + _random_cjk(2 * MB) + "</w:t></w:r></w:p>"))),
        Case("text_node_over_10mb", "word", lambda c: word(document=_document_xml(
            body_extra="<w:p><w:r><w:t>" + _random_cjk(4 * MB) + "</w:t></w:r></w:p>")),
             inv, "malformed_xml", note="libxml2 refuses text nodes over 10 MB (no "
                                        "XML_PARSE_HUGE): one 12 MB run is not a document"),
        Case("invalid_utf8_main", "word", lambda c: word(document=_document_xml().encode()
                                                         .replace("通知".encode(), b"\xff\xfe\xc3")),
             inv, "malformed_xml"),
        Case("invalid_utf8_header", "word", lambda c: word(header=_header_xml().encode()
                                                           .replace("校园".encode(), b"\xc3\x28")),
             failing=hdr),
        Case("unknown_encoding", "word", lambda c: word(document=_document_xml().replace(
            'encoding="UTF-8"', 'encoding="x-no-such-charset"')), inv, "malformed_xml"),
        Case("truncated_main_xml", "word", lambda c: word(document=_document_xml()[:700]), inv,
             "malformed_xml"),
        Case("truncated_styles_xml", "word", lambda c: word(styles=_styles_xml()[:500]), inv,
             "malformed_xml"),
        Case("truncated_header_xml", "word", lambda c: word(header=_header_xml()[:90]),
             failing=hdr),
        Case("empty_main_part", "word", lambda c: word(document=b""), inv, "malformed_xml"),
        Case("nul_in_text", "word", lambda c: word(document=_document_xml(
            p1_text="关于&#0;通知")), inv, "malformed_xml"),
    ]
    _ = all_c
    return cases


def _corrupt_member(name: str) -> bytes:
    parts = word_parts()
    data = parts[name]
    garbage = bytes(random.Random(3).getrandbits(8) for _ in range(len(deflate(data))))
    members = [Member(n, d, raw=garbage if n == name else None) for n, d in parts.items()]
    return build_zip(members)


def _lying_main() -> bytes:
    parts = word_parts()
    big = _document_xml(body_extra="<w:p><w:r><w:t>" + "a" * (64 * MB) + "</w:t></w:r></w:p>")
    raw = deflate(big.encode())
    members = [Member(n, d, raw=raw if n == "word/document.xml" else None,
                      size=4096 if n == "word/document.xml" else None)
               for n, d in parts.items()]
    return build_zip(members)


def _bzip2_main() -> bytes:
    """document.xml stored with bzip2: 256 MB of zeros in a few hundred bytes, declared as
    1000 bytes (a reader that inflates bzip2 in one call allocates it all)."""
    parts = word_parts()
    members = [Member(n, d, method=BZIP2 if n == "word/document.xml" else DEFLATED,
                      raw=_bz2_zeros(256 * MB) if n == "word/document.xml" else None,
                      size=1000 if n == "word/document.xml" else None)
               for n, d in parts.items()]
    return build_zip(members)


def _many_members(n: int) -> bytes:
    members = [Member(name, data) for name, data in word_parts().items()]
    members += [Member(f"x/{i}", b"", method=STORED) for i in range(n)]
    return build_zip(members)


def _xxe_styles(ctx: Ctx) -> bytes:
    return (f'<?xml version="1.0"?>\n{_PAD}<!DOCTYPE w:styles [<!ENTITY e SYSTEM '
            f'"file://{ctx.fifo}">]>\n' + _styles_xml().split("\n", 1)[1].replace(
                '<w:name w:val="Normal"/>', '<w:name w:val="&e;"/>')).encode()


def _numbering_cycle() -> bytes:
    """numbering.xml whose abstract numbering links to a style whose numbering links back
    (numStyleLink -> style -> numId -> abstractNum -> numStyleLink …), plus a num that
    names a missing abstractNum and a lvlOverride with absurd values."""
    numbering = (
        f'<w:numbering xmlns:w="{W_NS}">'
        f'<w:abstractNum w:abstractNumId="1"><w:numStyleLink w:val="ListA"/></w:abstractNum>'
        f'<w:abstractNum w:abstractNumId="2"><w:styleLink w:val="ListA"/>'
        f'<w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>'
        f'</w:abstractNum>'
        f'<w:abstractNum w:abstractNumId="3"><w:numStyleLink w:val="ListB"/></w:abstractNum>'
        f'<w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num>'
        f'<w:num w:numId="2"><w:abstractNumId w:val="99"/></w:num>'
        f'<w:num w:numId="3"><w:abstractNumId w:val="3"/><w:lvlOverride w:ilvl="1e309">'
        f'<w:startOverride w:val="NaN"/></w:lvlOverride></w:num>'
        f'</w:numbering>')
    styles = _styles_xml(extra=(
        '<w:style w:type="numbering" w:styleId="ListA"><w:name w:val="List A"/>'
        '<w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>'
        '<w:style w:type="numbering" w:styleId="ListB"><w:name w:val="List B"/>'
        '<w:basedOn w:val="ListB"/><w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr>'
        '</w:style>'))
    doc = _document_xml(body_extra=(
        '<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>'
        '<w:r><w:t>一</w:t></w:r></w:p>'
        '<w:p><w:pPr><w:numPr><w:ilvl w:val="99999"/><w:numId w:val="2"/></w:numPr></w:pPr>'
        '<w:r><w:t>二</w:t></w:r></w:p>'
        '<w:p><w:pPr><w:numPr><w:ilvl w:val="NaN"/><w:numId w:val="3"/></w:numPr></w:pPr>'
        '<w:r><w:t>三</w:t></w:r></w:p>'))
    parts = word_parts(
        document=doc, styles=styles,
        doc_rels=_rels(DOC_RELS + [("rIdN", "numbering", "numbering.xml", False)]),
        content_types=_content_types(extra=f'<Override PartName="/word/numbering.xml" '
                                           f'ContentType="{WML}.numbering+xml"/>'))
    parts["word/numbering.xml"] = numbering.encode()
    return zip_parts(parts)
