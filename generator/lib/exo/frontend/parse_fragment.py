"""upstream's exo.frontend.parse_fragment: the error raised for a bad expression string
given to a scheduling primitive (the parsing itself is native)."""


class ParseFragmentError(Exception):
    pass
