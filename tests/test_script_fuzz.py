"""Any JSON at all, as a script file: it loads or gives a ScriptError, never a traceback."""
import json

from hypothesis import given, settings, strategies as st

from clocktower.errors import ClocktowerError
from clocktower.scripts import load_script, parse_script_json

ids = st.sampled_from(["imp", "washerwoman", "fortune_teller", "Fortune Teller", "_meta", "x",
                       "", "lilmonsta", "pukka", "vigormortis"])
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8), ids),
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(st.sampled_from(["id", "name", "team", "ability", "author", "firstNight",
                                         "otherNight", "reminders", "setup", "x"]) | st.text(max_size=5),
                        inner, max_size=5)),
    max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_any_json_script_loads_or_errors_cleanly(doc):
    try:
        parse_script_json(doc, "fuzz.json", "fuzz")
    except ClocktowerError:
        pass


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_any_json_file_through_load_script(tmp_path_factory, doc):
    path = tmp_path_factory.mktemp("s") / "fuzz.json"
    path.write_text(json.dumps(doc))
    try:
        load_script(str(path))
    except ClocktowerError:
        pass
