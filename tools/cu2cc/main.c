/* main.c - cu2cc, cu2c's drop-in for nvcc: reads nvcc's command line (args.c), finds
 * cu2c's pieces and the host compilers (layout.c), and runs the build (steps.c). */
#include "cu2cc.h"

#include <stdlib.h>

int main(int argc, char **argv) {
    Options o = {0};
    args_parse(&o, argc, argv);
    if (o.help) {
        args_usage(stdout);
        return 0;
    }
    Layout l = {0};
    layout_find(&l, argv[0], &o);
    if (o.print_version) {
        layout_version(&l);
        return 0;
    }
    /* nvcc prints its variables before it looks at the inputs (CMake asks with a
     * made-up input name) */
    if (o.verbose || o.dryrun)
        layout_print_env(&l);
    if (o.inputs.n == 0) {
        args_usage(stderr);
        return 1;
    }
    args_classify(&o);
    return steps_run(&o, &l);
}
