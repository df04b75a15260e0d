/*
 * board.py and evaluation.py in C, for the compiled search (_search.c): the board's geometry, move
 * generation and the static evaluation. Each function mirrors the Python function of the same
 * name. The tables are set once by configure() (_search.c) before any search, then only read.
 */
#ifndef BUFFALO_SEARCH_BOARD_H
#define BUFFALO_SEARCH_BOARD_H

#include <stdint.h>

typedef unsigned __int128 u128;

#define COLUMNS 11
#define ROWS 7
#define SQUARES 77
#define BUFFALO_SIDE 0
#define INDIAN_SIDE 1
#define MAX_DOGS 4 /* the game's; the module refuses positions with more (see MAX_MOVES) */
#define MAX_MOVES 128 /* at most MAX_DOGS x 22 slides + 8 chief steps on this board */

#define BIT(sq) ((u128)1 << (sq))

/* The geometry (compute_geometry) and the tables from Python (configure). */
extern u128 FULL, GOAL_MASK, ROW5, ROW6, INDIAN_ZONE;
extern u128 COLUMN_MASK[COLUMNS];
extern u128 KING_TARGETS[SQUARES];
extern u128 NEIGHBOURS[SQUARES];
/* RAY[sq][k]: the squares of rows 2-6 a queen slide from sq crosses in direction k. */
extern u128 RAY[SQUARES][8];
extern const int RAY_DR[8], RAY_DC[8];
extern int FREE_TABLE[SQUARES][SQUARES];
extern int BLOCKED_TABLE[SQUARES][SQUARES];
extern long THREAT_BONUS, SPARE_DOG, TEMPO;

/* ---- Bit helpers ----------------------------------------------------------------------- */

static inline int lowest(u128 x) {
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

static inline int highest(u128 x) {
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)x);
}

static inline int popcount(u128 x) {
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}

/* ---- board.py (the hot parts inline) --------------------------------------------------- */

/* Empty squares a dog on sq reaches by a queen slide through empty squares of rows 2-6. */
static inline u128 dog_targets(int sq, u128 occ) {
    u128 targets = 0;
    for (int k = 0; k < 8; k++) {
        u128 ray = RAY[sq][k];
        u128 blockers = ray & occ;
        if (blockers) {
            int increasing = RAY_DR[k] > 0 || (RAY_DR[k] == 0 && RAY_DC[k] > 0);
            int first = increasing ? lowest(blockers) : highest(blockers);
            ray &= ~(RAY[first][k] | BIT(first));
        }
        targets |= ray;
    }
    return targets;
}

static inline u128 buffalo_steps(u128 buffalo, u128 occ) {
    return buffalo << COLUMNS & ~occ & FULL;
}

/* The position after a legal move: a chief move onto a buffalo captures it. */
static inline void apply(u128 *buffalo, u128 *dogs, int *chief, int move) {
    int frm = move & 127, to = move >> 7;
    u128 fb = BIT(frm);
    if (*buffalo & fb)
        *buffalo ^= fb | BIT(to);
    else if (*dogs & fb)
        *dogs ^= fb | BIT(to);
    else {
        *buffalo &= ~BIT(to);
        *chief = to;
    }
}

int indians_can_move(u128 buffalo, u128 dogs, int chief);
/* Every legal move of side, in board.generate's order; skip_columns: bit c skips column c. */
int generate(u128 buffalo, u128 dogs, int chief, int side, int skip_columns, int *moves);
/* Whether board.winner(buffalo, dogs, chief, side) (default rules) is not None. */
int game_over(u128 buffalo, u128 dogs, int chief, int side);
/* The board's geometry: row and column masks, the Indians' zone and the queen rays in it. */
void compute_geometry(void);

/* ---- evaluation.py --------------------------------------------------------------------- */

static inline int buffalo_to_move_win(u128 buffalo, u128 dogs, int chief) {
    if (buffalo & ROW6)
        return 1;
    u128 steps = buffalo << COLUMNS & ~(buffalo | dogs | BIT(chief)) & ROW6;
    return steps & ~NEIGHBOURS[chief] ? 3 : 0;
}

/* Squares with a piece of `pieces` somewhere ahead in their column. */
static inline u128 fill_down(u128 pieces) {
    u128 below = pieces >> COLUMNS;
    below |= below >> COLUMNS;
    below |= below >> 2 * COLUMNS;
    below |= below >> 4 * COLUMNS;
    return below;
}

static inline int dogs_lock_all(u128 buffalo, u128 dogs, int chief) {
    return !(buffalo & ~fill_down(dogs)) && (KING_TARGETS[chief] & ~dogs) != 0;
}

int evaluate(u128 buffalo, u128 dogs, int chief, int side);

/* ---- bots.py helpers ------------------------------------------------------------------- */

static inline u128 free_lanes(u128 b, u128 d, int c) {
    u128 below = fill_down(d | BIT(c));
    u128 lanes = (b & ~below) << COLUMNS;
    lanes |= lanes << COLUMNS;
    lanes |= lanes << 2 * COLUMNS;
    lanes |= lanes << 4 * COLUMNS;
    return lanes & INDIAN_ZONE;
}

static inline u128 columns(int column_bits) {
    u128 squares = 0;
    for (int col = 0; col < COLUMNS; col++)
        if (column_bits >> col & 1)
            squares |= COLUMN_MASK[col];
    return squares;
}

#endif
