"""A test file whose import fails: one collection error, the run goes on."""
import exocc_sample_module_that_does_not_exist  # noqa: F401


def test_never_collected():
    pass
