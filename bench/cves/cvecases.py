"""The cases of bench/cves/cases.yaml and how a line is identified in them."""

import hashlib
import re


def line_hash(text):
    """The first 12 hex digits of the SHA-1 of TEXT without any whitespace."""
    return hashlib.sha1(re.sub(r"\s+", "", text).encode("utf-8", "replace")).hexdigest()[:12]


def line_hashes(source):
    """{line number (1-based): hash} of every line of SOURCE, numbered as a
    compiler numbers them: at each newline only (str.splitlines() also breaks
    at form feeds, which some sources carry between functions)."""
    return {i + 1: line_hash(l) for i, l in enumerate(source.split("\n"))}
