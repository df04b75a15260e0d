/*
 * bots._Search in C: the transposition table, the search's state and negamax with its helpers
 * (child_score, staged, order), each mirroring the Python method of the same name. The Python
 * type and the module around them are in _search.c.
 */
#ifndef BUFFALO_SEARCH_CORE_H
#define BUFFALO_SEARCH_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "_search_board.h"

#define EXACT 0
#define LOWER 1
#define UPPER 2
#define MAX_PLY 256 /* a game lasts at most 2 * (11 * 5 + 1) plies plus the opening turn */
#define MAX_SEARCH_DEPTH 100   /* table entries keep the depth in an int8_t */
#define HISTORY_SIZE (1 << 14) /* every move code from | to << 7 */
#define TABLE_MIN_SLOTS (1u << 16)
#define TABLE_MAX_SLOTS (1u << 22) /* 32 bytes a slot: 128 MB at most, 3 million positions */
#define USED_BIT ((uint64_t)1 << 63) /* in Key.rest: the slot is used */

/* The search constants from Python (configure, in _search.c). */
extern int MATE, MATE_BOUND, LOCK_PLIES;
extern long long TIME_CHECK_INTERVAL;
extern int LMR_MIN_DEPTH, LMR_AFTER, ORDER_LANES;
extern PyObject *PROVEN; /* solver.PROVEN: key_of(b, d, c, side) -> side to move wins */

/* ---- The transposition table ----------------------------------------------------------- */

/* A position key: the bitboards' low 64 bits, then everything else packed in `rest`. */
typedef struct {
    uint64_t b_lo, d_lo, rest;
} Key;

typedef struct {
    uint64_t b_lo, d_lo, rest; /* rest has USED_BIT set in a used slot */
    int32_t score;
    uint16_t move;
    int8_t depth;
    uint8_t flag;
} Entry;

typedef struct {
    Entry *slots;
    size_t capacity, count; /* capacity: a power of two */
} Table;

/* Python's key: (b, d, c, side) without an opening turn, else (b, d, c, side, ol, om). */
static inline Key make_key(u128 b, u128 d, int c, int side, int ol, int om) {
    Key key;
    key.b_lo = (uint64_t)b;
    key.d_lo = (uint64_t)d;
    if (!ol)
        om = 0;
    key.rest = (uint64_t)(b >> 64) | (uint64_t)(d >> 64) << 13 | (uint64_t)c << 26 |
               (uint64_t)side << 33 | (uint64_t)ol << 34 | (uint64_t)om << 38 | USED_BIT;
    return key;
}
Entry *table_find(const Table *t, const Key *key);

/* ---- The search object (bots._Search) -------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    long long nodes;
    long long max_nodes; /* -1: no node budget */
    double deadline;     /* in now_seconds(); used when has_deadline */
    int has_deadline;
    int blocked_at_once;
    int use_proven;
    int probe;   /* use_proven and PROVEN not empty: probe PROVEN in this root() call */
    int aborted; /* 1: out of budget, 2: a Python error is set */
    int busy;    /* in root(), maybe without the GIL: another call must not enter */
    int has_partial, partial_move, partial_score;
    Table table;
    int killers[MAX_PLY][2];
    int64_t history[HISTORY_SIZE];
} Search;

double now_seconds(void);
/* Score for side (the mover) of move, searched in the alpha/beta window. */
int child_score(Search *s, u128 b, u128 d, int c, int side, int ol, int om, int move, int depth,
                int alpha, int beta, int ply);

#endif
