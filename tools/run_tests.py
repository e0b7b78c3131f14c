#!/usr/bin/env python3
"""Runs every lit test under tests/ and ends with the line `N passed, N failed`."""
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
lit = "/usr/lib/llvm-19/build/utils/lit/lit.py"
args = [sys.executable, lit, "-v", os.path.join(root, "tests")] + sys.argv[1:]
proc = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
sys.stdout.write(proc.stdout)
counts = {k: 0 for k in ("Passed", "Failed", "Unresolved", "Timed Out", "Unsupported",
                         "Expectedly Failed", "Unexpectedly Passed", "Skipped")}
for line in proc.stdout.splitlines():
    m = re.match(r"\s*(Passed|Failed|Unresolved|Timed Out|Unsupported|Expectedly Failed|"
                 r"Unexpectedly Passed|Skipped)\s*:\s*(\d+)", line)
    if m:
        counts[m.group(1)] = int(m.group(2))
passed = counts["Passed"]
failed = (counts["Failed"] + counts["Unresolved"] + counts["Timed Out"]
          + counts["Unexpectedly Passed"])
if passed + failed == 0 and proc.returncode != 0:
    failed = 1
print(f"{passed} passed, {failed} failed")
sys.exit(0 if failed == 0 and passed > 0 else 1)
