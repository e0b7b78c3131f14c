"""Writes a C program that checks cudaGetErrorName and cudaGetErrorString for every error code
the given driver_types.h declares: the name is the enumerator's own, the message is neither
empty nor the one for unknown codes."""
import re
import sys

codes = re.findall(r"^\s+(cuda(?:Success|Error\w+))\s*=\s*\d+", open(sys.argv[1]).read(), re.M)
print('#include <stdio.h>\n#include <string.h>\n#include "cuda_runtime_api.h"\n')
print("int main(void)\n{\n    int bad = 0;")
for c in codes:
    print(f'    if (strcmp(cudaGetErrorName({c}), "{c}") != 0 || !*cudaGetErrorString({c}) ||\n'
          f'        strcmp(cudaGetErrorString({c}), "unrecognized error code") == 0) {{\n'
          f'        printf("wrong name or message: {c}\\n");\n        bad++;\n    }}')
print(f'    printf("%d codes checked, %d wrong\\n", {len(codes)}, bad);\n    return bad != 0;\n}}')
