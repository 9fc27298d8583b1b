#!/usr/bin/env python3
"""The documentation's relative links lead to files inside the repository.

For README.md and docs/**/*.md: every markdown link that is not a URL must name a file
or directory that exists and lies inside the repository (no `../shared/...`), and a
`#fragment` on a markdown file must be one of its headings (GitHub's anchor rule:
lower case, punctuation dropped, spaces to '-').

usage: check_links.py REPO
"""

import glob
import os
import re
import sys

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^\s*```")


def anchors(path):
    out = set()
    in_code = False
    with open(path) as f:
        for line in f:
            if FENCE.match(line):
                in_code = not in_code
            if in_code:
                continue
            m = re.match(r"^#+\s+(.*?)\s*$", line)
            if m:
                text = m.group(1).lower()
                text = re.sub(r"[^\w\- ]", "", text)
                out.add(text.replace(" ", "-"))
    return out


def main():
    repo = os.path.realpath(sys.argv[1])
    files = [os.path.join(repo, "README.md")] + sorted(glob.glob(os.path.join(repo, "docs", "**", "*.md"), recursive=True))
    bad = checked = 0
    for path in files:
        in_code = False
        with open(path) as f:
            lines = f.readlines()
        for n, line in enumerate(lines, 1):
            if FENCE.match(line):
                in_code = not in_code
            if in_code:
                continue
            for target in LINK.findall(line):
                if re.match(r"^[a-z]+:", target):
                    continue  # a URL
                checked += 1
                file_part, _, fragment = target.partition("#")
                dest = os.path.realpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                where = f"{os.path.relpath(path, repo)}:{n}"
                if not (dest == repo or dest.startswith(repo + os.sep)):
                    print(f"FAIL {where}: {target} leads outside the repository")
                    bad += 1
                elif not os.path.exists(dest):
                    print(f"FAIL {where}: {target}: no such file")
                    bad += 1
                elif fragment and dest.endswith(".md") and fragment not in anchors(dest):
                    print(f"FAIL {where}: {target}: no heading with anchor #{fragment}")
                    bad += 1
    print(f"{checked} links checked in {len(files)} files, {bad} broken")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
