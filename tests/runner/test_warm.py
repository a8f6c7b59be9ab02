"""The fork server's preload: workers start with the rubric XSD and the catalog built."""

from __future__ import annotations

import importlib

from officeeval.runner import pool


def test_preload_names_the_warm_module_and_it_builds_the_tables():
    assert pool.PRELOAD == ["officeeval.runner.warm"]
    from officeeval.rubric.loader import fast_schema
    fast_schema.cache_clear()
    warm = importlib.import_module("officeeval.runner.warm")
    importlib.reload(warm)  # runs warm() again after the cache was emptied
    assert fast_schema.cache_info().currsize == 1
    import sys
    from officeeval import apps
    assert set(apps.names()) == {"word", "excel", "ppt"}
    for spec in apps.APPS.values():  # the views, resolvers and steps are imported
        assert spec.steps and spec.view.__module__ in sys.modules
