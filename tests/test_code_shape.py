"""The source's shape (issue 33): every module under 500 lines, and the rubric loader's
functions simple enough to read (cyclomatic complexity at most 20)."""

from __future__ import annotations

from code_shape import PACKAGE, ROOT, functions, lines, modules

MAX_LINES = 500
MAX_COMPLEXITY = {"rubric": 20}


def test_every_module_is_under_500_lines():
    long = {str(p.relative_to(ROOT)): lines(p) for p in modules() if lines(p) >= MAX_LINES}
    assert long == {}


def test_the_rubric_packages_functions_are_simple():
    for package, limit in MAX_COMPLEXITY.items():
        over = [f"{p.relative_to(ROOT)}:{line} {name} ({c})"
                for p in sorted((PACKAGE / package).rglob("*.py"))
                for name, line, c in functions(p) if c > limit]
        assert over == [], f"over complexity {limit} in {package}/"


def test_the_complexity_count_reads_branches():
    import ast
    from code_shape import complexity
    src = ("def f(a, b):\n"
           "    if a and b:\n"
           "        return [x for x in a if x]\n"
           "    for x in b:\n"
           "        try:\n"
           "            pass\n"
           "        except ValueError:\n"
           "            pass\n"
           "    return 1 if a else 2\n")
    fn = ast.parse(src).body[0]
    # 1 + if + and + comprehension + its if + for + except + conditional expression
    assert complexity(fn) == 8
