// Host-only: included with a path relative to this folder from a spliced header.
#ifndef SIZES_H
#define SIZES_H
#define TILE 64
#endif
