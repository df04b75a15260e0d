/*
 * The Buffalo bots' alpha-beta search, compiled: a line-by-line port of `_Search` in bots.py.
 *
 * Each function below mirrors the Python function of the same name (board.py, evaluation.py,
 * bots.py) and must stay equivalent to it: the tests compare both searches node for node (same
 * move, score, depth, node count and principal variation at the same node budget). Positions are
 * 77-bit bitboards held in `unsigned __int128`, moves are `from | to << 7` as in Python.
 *
 * The weights and tables come from Python through `configure()` (evaluation.FREE_TABLE,
 * evaluation.BLOCKED_TABLE, KING_TARGETS, NEIGHBOURS, the search constants, ...), so the Python
 * modules stay their single source; only the board's geometry (11 columns, 7 rows, queen rays)
 * is computed here: `configure()` checks the board's size, and a test compares the moves
 * `generate()` lists with board.py's.
 *
 * The one intended difference: the transposition table is an open-addressing hash table that
 * grows up to TABLE_MAX_SLOTS; once that is three-quarters full, a new position replaces a
 * shallower one (the Python dict would keep growing). Node-budget searches of the bots' levels
 * never come near it, so they visit exactly the Python search's nodes; the table holds about
 * one position per 20 nodes (most nodes are leaves), so even 1.8 s searches stay under it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>
#include <time.h>

typedef unsigned __int128 u128;

#define COLUMNS 11
#define ROWS 7
#define SQUARES 77
#define BUFFALO_SIDE 0
#define INDIAN_SIDE 1
#define EXACT 0
#define LOWER 1
#define UPPER 2
#define MAX_MOVES 128      /* at most 4 dogs x 22 slides + 8 chief steps on this board */
#define MAX_PLY 256        /* a game lasts at most 2 * (11 * 5 + 1) plies plus the opening turn */
#define MAX_SEARCH_DEPTH 100 /* table entries keep the depth in an int8_t */
#define HISTORY_SIZE (1 << 14) /* every move code from | to << 7 */
#define TABLE_MIN_SLOTS (1u << 16)
#define TABLE_MAX_SLOTS (1u << 22) /* 32 bytes a slot: 128 MB at most, 3 million positions */
#define USED_BIT ((uint64_t)1 << 63)
#define GIL_SHARE_INTERVAL 16384 /* nodes (about a millisecond) between GIL releases */

#define BIT(sq) ((u128)1 << (sq))

/* ---- Immutable tables, set once by configure() ---------------------------------------- */

static int configured;
static u128 FULL, GOAL_MASK, ROW5, ROW6, INDIAN_ZONE;
static u128 COLUMN_MASK[COLUMNS];
static u128 KING_TARGETS[SQUARES];
static u128 NEIGHBOURS[SQUARES];
/* RAY[sq][k]: the squares of rows 2-6 a queen slide from sq crosses in direction k. */
static u128 RAY[SQUARES][8];
static const int RAY_DR[8] = {0, 0, 1, -1, 1, 1, -1, -1};
static const int RAY_DC[8] = {1, -1, 0, 0, 1, -1, 1, -1};
static int FREE_TABLE[SQUARES][SQUARES];
static int BLOCKED_TABLE[SQUARES][SQUARES];
static long THREAT_BONUS, SPARE_DOG, TEMPO;
static int MATE, MATE_BOUND, LOCK_PLIES;
static long long TIME_CHECK_INTERVAL;
static int LMR_MIN_DEPTH, LMR_AFTER, ORDER_LANES, MAX_PV;
static PyObject *PROVEN;        /* solver.PROVEN: key_of(b, d, c, side) -> side to move wins */
static PyObject *OUT_OF_BUDGET; /* bots._OutOfBudget */

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

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts); /* the clock time.perf_counter() reads on Linux */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- board.py -------------------------------------------------------------------------- */

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

static int indians_can_move(u128 buffalo, u128 dogs, int chief) {
    if (KING_TARGETS[chief] & ~dogs)
        return 1;
    u128 occ = buffalo | dogs | BIT(chief);
    for (u128 d = dogs; d; d &= d - 1)
        if (dog_targets(lowest(d), occ))
            return 1;
    return 0;
}

/* Every legal move of side, in board.generate's order; skip_columns as there (see _columns). */
static int generate(u128 buffalo, u128 dogs, int chief, int side, u128 skip_columns,
                    int *moves) {
    u128 occ = buffalo | dogs | BIT(chief);
    int n = 0;
    if (side == BUFFALO_SIDE) {
        for (u128 steps = buffalo_steps(buffalo, occ); steps; steps &= steps - 1) {
            int to = lowest(steps);
            if (!((skip_columns >> (to % COLUMNS)) & 1))
                moves[n++] = (to - COLUMNS) | to << 7;
        }
        return n;
    }
    for (u128 d = dogs; d; d &= d - 1) {
        int frm = lowest(d);
        for (u128 t = dog_targets(frm, occ); t; t &= t - 1)
            moves[n++] = frm | lowest(t) << 7;
    }
    for (u128 t = KING_TARGETS[chief] & ~dogs; t; t &= t - 1)
        moves[n++] = chief | lowest(t) << 7;
    return n;
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

/* Whether board.winner(buffalo, dogs, chief, side) (default rules) is not None. */
static int game_over(u128 buffalo, u128 dogs, int chief, int side) {
    if (buffalo & GOAL_MASK || !buffalo)
        return 1;
    if (side == BUFFALO_SIDE && !buffalo_steps(buffalo, buffalo | dogs | BIT(chief)))
        return 1;
    return side == INDIAN_SIDE && !indians_can_move(buffalo, dogs, chief);
}

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

static int evaluate(u128 buffalo, u128 dogs, int chief, int side) {
    u128 indians = dogs | BIT(chief);
    u128 below = fill_down(indians);
    const int *free_table = FREE_TABLE[chief], *blocked_table = BLOCKED_TABLE[chief];
    long score = 0;
    for (u128 b = buffalo & below; b; b &= b - 1)
        score += blocked_table[lowest(b)];
    for (u128 b = buffalo & ~below; b; b &= b - 1)
        score += free_table[lowest(b)];
    u128 threats = (buffalo & ~below & ROW5) << COLUMNS & ~(buffalo | indians);
    score += THREAT_BONUS * popcount(threats);
    u128 above = buffalo << COLUMNS;
    above |= above << COLUMNS;
    above |= above << 2 * COLUMNS;
    above |= above << 4 * COLUMNS;
    score -= SPARE_DOG * popcount(dogs & ~above);
    return (int)(side == BUFFALO_SIDE ? score + TEMPO : TEMPO - score);
}

/* ---- bots.py helpers ------------------------------------------------------------------- */

static u128 free_lanes(u128 b, u128 d, int c) {
    u128 below = fill_down(d | BIT(c));
    u128 lanes = (b & ~below) << COLUMNS;
    lanes |= lanes << COLUMNS;
    lanes |= lanes << 2 * COLUMNS;
    lanes |= lanes << 4 * COLUMNS;
    return lanes & INDIAN_ZONE;
}

static u128 columns(int column_bits) {
    u128 squares = 0;
    for (int col = 0; col < COLUMNS; col++)
        if (column_bits >> col & 1)
            squares |= COLUMN_MASK[col];
    return squares;
}

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

static inline size_t key_hash(const Key *key) {
    uint64_t h = key->b_lo * 0x9E3779B97F4A7C15ull;
    h ^= (key->d_lo + (h >> 29)) * 0xBF58476D1CE4E5B9ull;
    h ^= (key->rest + (h >> 31)) * 0x94D049BB133111EBull;
    return (size_t)(h ^ h >> 32);
}

typedef struct {
    Entry *slots;
    size_t capacity, count; /* capacity: a power of two */
} Table;

static Entry *table_find(const Table *t, const Key *key) {
    size_t mask = t->capacity - 1;
    for (size_t i = key_hash(key) & mask;; i = (i + 1) & mask) {
        Entry *e = &t->slots[i];
        if (!e->rest)
            return NULL;
        if (e->rest == key->rest && e->b_lo == key->b_lo && e->d_lo == key->d_lo)
            return e;
    }
}

/* The slot holding key, or the empty slot where it goes. */
static Entry *table_slot(Entry *slots, size_t capacity, const Key *key) {
    size_t mask = capacity - 1;
    for (size_t i = key_hash(key) & mask;; i = (i + 1) & mask) {
        Entry *e = &slots[i];
        if (!e->rest ||
            (e->rest == key->rest && e->b_lo == key->b_lo && e->d_lo == key->d_lo))
            return e;
    }
}

/* Doubles the table; 0 when memory is short (the table then stays as it is). */
static int table_grow(Table *t) {
    size_t capacity = t->capacity * 2;
    Entry *slots = PyMem_RawCalloc(capacity, sizeof(Entry));
    if (!slots)
        return 0;
    for (size_t i = 0; i < t->capacity; i++) {
        Entry *e = &t->slots[i];
        if (e->rest) {
            Key key = {e->b_lo, e->d_lo, e->rest};
            *table_slot(slots, capacity, &key) = *e;
        }
    }
    PyMem_RawFree(t->slots);
    t->slots = slots;
    t->capacity = capacity;
    return 1;
}

static void table_store(Table *t, const Key *key, int depth, int flag, int score, int move) {
    Entry *e = table_slot(t->slots, t->capacity, key);
    if (!e->rest) {
        if (4 * (t->count + 1) > 3 * t->capacity) {
            /* Full (the largest table, or no memory to grow): the position replaces the one in
             * its home slot unless that one was searched deeper. Lookups stay right: no slot
             * ever empties, and the new key sits where its probe sequence starts. */
            e = &t->slots[key_hash(key) & (t->capacity - 1)];
            if (e->depth > depth)
                return;
        } else {
            t->count++;
        }
        e->b_lo = key->b_lo;
        e->d_lo = key->d_lo;
        e->rest = key->rest;
    }
    e->depth = (int8_t)depth;
    e->flag = (uint8_t)flag;
    e->score = score;
    e->move = (uint16_t)move;
    if (2 * t->count > t->capacity && t->capacity < TABLE_MAX_SLOTS)
        table_grow(t);
}

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

static int negamax(Search *s, u128 b, u128 d, int c, int side, int ol, int om, int depth,
                   int alpha, int beta, int ply);

/* Score for side (the mover) of move, searched in the alpha/beta window. */
static int child_score(Search *s, u128 b, u128 d, int c, int side, int ol, int om, int move,
                       int depth, int alpha, int beta, int ply) {
    u128 nb = b, nd = d;
    int nc = c;
    apply(&nb, &nd, &nc, move);
    if (side == BUFFALO_SIDE && ol) {
        int nom = om | 1 << (move >> 7) % COLUMNS;
        u128 steps = buffalo_steps(nb, nb | nd | BIT(nc)) & ~columns(nom);
        if (ol > 1 && steps) /* the opening turn goes on: same side, no sign change */
            return negamax(s, nb, nd, nc, side, ol - 1, nom, depth - 1, alpha, beta, ply + 1);
    }
    return -negamax(s, nb, nd, nc, 1 - side, 0, 0, depth - 1, -beta, -alpha, ply + 1);
}

/* solver.key_of(b, d, c, side) as a Python int: b | d << 77 | c << 154 | side << 161. */
static PyObject *proven_key(u128 b, u128 d, int c, int side) {
    uint64_t words[4] = {0, 0, 0, 0};
    u128 parts[4] = {b, d, (u128)c, (u128)side};
    const int shifts[4] = {0, 77, 154, 161};
    for (int p = 0; p < 4; p++) {
        for (int half = 0; half < 2; half++) {
            uint64_t x = (uint64_t)(parts[p] >> (64 * half));
            int shift = shifts[p] + 64 * half;
            if (!x || shift >= 256)
                continue;
            words[shift / 64] |= x << (shift % 64);
            if (shift % 64 && shift / 64 + 1 < 4)
                words[shift / 64 + 1] |= x >> (64 - shift % 64);
        }
    }
    unsigned char bytes[32];
    for (int i = 0; i < 32; i++)
        bytes[i] = (unsigned char)(words[i / 8] >> (8 * (i % 8)));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(bytes, 32, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(bytes, 32, 1, 0);
#endif
}

/* PROVEN.get(key_of(b, d, c, side)): 1 / 0 (side to move wins / loses), -1 unknown, -2 error. */
static int proven_probe(u128 b, u128 d, int c, int side) {
    PyObject *key = proven_key(b, d, c, side);
    if (!key)
        return -2;
    PyObject *wins = PyDict_GetItemWithError(PROVEN, key);
    Py_DECREF(key);
    if (!wins)
        return PyErr_Occurred() ? -2 : -1;
    int truth = PyObject_IsTrue(wins);
    return truth < 0 ? -2 : truth;
}

/* Table move, captures, killers, then moves about free buffalo, then by history; stable. */
static void order(Search *s, int *moves, int n, u128 b, u128 d, int c, int tt_move, int ply) {
    int k0 = ply < MAX_PLY ? s->killers[ply][0] : 0, k1 = ply < MAX_PLY ? s->killers[ply][1] : 0;
    u128 hot = ORDER_LANES ? free_lanes(b, d, c) : 0;
    int64_t ranks[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        int move = moves[i], to = move >> 7;
        int64_t rank;
        if (move == tt_move)
            rank = (int64_t)1 << 40;
        else if (b >> to & 1) /* chief captures, the most advanced first */
            rank = ((int64_t)1 << 38) + to;
        else if (move == k0 || move == k1)
            rank = (int64_t)1 << 36;
        else if (hot >> to & 1) /* a buffalo steps along a free lane, or an Indian closes one */
            rank = ((int64_t)1 << 34) + s->history[move] + to / COLUMNS;
        else
            rank = s->history[move] + to / COLUMNS;
        /* Insertion by descending rank, after the equal ones: sorted(..., reverse=True). */
        int j = i;
        while (j > 0 && ranks[j - 1] < rank) {
            ranks[j] = ranks[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        ranks[j] = rank;
        moves[j] = move;
    }
}

/* The table move (moves[0]), then the other moves ordered: staged's second stage. */
static int staged(Search *s, u128 b, u128 d, int c, int side, int ol, int om, int *moves,
                  int ply) {
    int all[MAX_MOVES];
    int count = generate(b, d, c, side, ol ? columns(om) : 0, all), n = 1;
    for (int i = 0; i < count; i++)
        if (all[i] != moves[0])
            moves[n++] = all[i];
    order(s, moves + 1, n - 1, b, d, c, 0, ply);
    return n;
}

static int out_of_time(Search *s) {
    return s->has_deadline && !(s->nodes % TIME_CHECK_INTERVAL) && now_seconds() > s->deadline;
}

static int negamax(Search *s, u128 b, u128 d, int c, int side, int ol, int om, int depth,
                   int alpha, int beta, int ply) {
    if ((s->max_nodes >= 0 && s->nodes >= s->max_nodes) || ply >= MAX_PLY) {
        s->aborted = 1;
        return 0;
    }
    s->nodes++;
    if (s->probe && !(s->nodes % GIL_SHARE_INTERVAL)) {
        /* Probing PROVEN needs the GIL: let waiting threads run now and then, as Python does. */
        PyThreadState *state = PyEval_SaveThread();
        PyEval_RestoreThread(state);
    }
    if (out_of_time(s)) {
        s->aborted = 1;
        return 0;
    }
    if (b & GOAL_MASK) /* the buffalo just crossed */
        return side == INDIAN_SIDE ? -(MATE - ply) : MATE - ply;
    if (dogs_lock_all(b, d, c)) { /* a sure Indian win, at most LOCK_PLIES moves away */
        int score = MATE - ply - LOCK_PLIES;
        return side == INDIAN_SIDE ? score : -score;
    }
    if (s->probe && !ol) {
        int wins = proven_probe(b, d, c, side);
        if (wins == -2) {
            s->aborted = 2;
            return 0;
        }
        if (wins >= 0) { /* an endgame the solver proved: a sure result within the game */
            int score = MATE - ply - LOCK_PLIES;
            return wins ? score : -score;
        }
    }
    u128 occ = b | d | BIT(c);
    int forced = 0;
    if (side == BUFFALO_SIDE) {
        if (!b || !buffalo_steps(b, occ))
            return -(MATE - ply);
        int win = buffalo_to_move_win(b, d, c);
        if (win)
            return MATE - ply - win;
    } else {
        if (!b)
            return MATE - ply;
        if (s->blocked_at_once && !buffalo_steps(b, occ))
            return MATE - ply;
        u128 runners = b & ROW6;
        if (runners) {
            if (runners & (runners - 1) || !(NEIGHBOURS[c] & runners))
                return -(MATE - ply - 2);
            forced = c | highest(runners) << 7; /* never 0: the chief is not on square 0 */
        }
    }
    if (depth <= 0 && !forced) {
        /* Quiescence: Indians facing a row-5 buffalo that would step to a square out of the
         * chief's reach must answer it, so their reply is searched instead of guessed. */
        if (side == BUFFALO_SIDE || !((b & ROW5) << COLUMNS & ~occ & ~NEIGHBOURS[c]))
            return evaluate(b, d, c, side);
    }
    Key key = make_key(b, d, c, side, ol, om);
    Entry *entry = table_find(&s->table, &key);
    int tt_move = 0;
    if (entry) {
        int e_depth = entry->depth, flag = entry->flag, e_score = entry->score;
        tt_move = entry->move;
        if (e_depth >= depth) {
            if (e_score > MATE_BOUND)
                e_score -= ply;
            else if (e_score < -MATE_BOUND)
                e_score += ply;
            if (flag == EXACT)
                return e_score;
            if (flag == LOWER && e_score >= beta)
                return e_score;
            if (flag == UPPER && e_score <= alpha)
                return e_score;
        }
    }
    int moves[MAX_MOVES], n, pending = 0;
    if (forced) {
        moves[0] = forced;
        n = 1;
        depth += 1; /* forced capture: look one ply further */
    } else if (tt_move) {
        /* The table move first: a cut-off often spares generating the others. */
        moves[0] = tt_move;
        n = 1;
        pending = 1;
    } else {
        n = generate(b, d, c, side, ol ? columns(om) : 0, moves);
        if (!n)
            return -(MATE - ply);
        order(s, moves, n, b, d, c, 0, ply);
    }
    int original_alpha = alpha, best = -MATE - 1, best_move = 0;
    for (int i = 0;; i++) {
        if (i == 1 && pending)
            n = staged(s, b, d, c, side, ol, om, moves, ply);
        if (i >= n)
            break;
        int move = moves[i], score;
        if (i == 0) {
            score = child_score(s, b, d, c, side, ol, om, move, depth, alpha, beta, ply);
        } else {
            /* Principal variation search, with late quiet moves searched one ply shallower. */
            int reduce = depth >= LMR_MIN_DEPTH && i >= LMR_AFTER && !(b >> (move >> 7) & 1);
            int reduced = reduce ? depth - 1 : depth;
            score = child_score(s, b, d, c, side, ol, om, move, reduced, alpha, alpha + 1, ply);
            if (s->aborted)
                return 0;
            if (score > alpha && (reduce || score < beta))
                score = child_score(s, b, d, c, side, ol, om, move, depth, alpha, beta, ply);
        }
        if (s->aborted)
            return 0;
        if (score > best) {
            best = score;
            best_move = move;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    if (!(b >> (move >> 7) & 1) && ply < MAX_PLY) {
                        int *killers = s->killers[ply];
                        if (killers[0] != move) {
                            killers[1] = killers[0];
                            killers[0] = move;
                        }
                    }
                    s->history[move] += (int64_t)depth * depth;
                    break;
                }
            }
        }
    }
    int flag = best <= original_alpha ? UPPER : best >= beta ? LOWER : EXACT;
    int stored = best > MATE_BOUND ? best + ply : best < -MATE_BOUND ? best - ply : best;
    table_store(&s->table, &key, depth, flag, stored, best_move);
    return best;
}

/* ---- Python conversions ------------------------------------------------------------------ */

/* A bitboard argument: a Python int in [0, 2**77). */
static int as_board(PyObject *value, u128 *out) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a bitboard must be an int");
        return 0;
    }
    PyObject *shift = PyLong_FromLong(64);
    if (!shift)
        return 0;
    PyObject *high = PyNumber_Rshift(value, shift);
    Py_DECREF(shift);
    if (!high)
        return 0;
    int overflow;
    long long hi = PyLong_AsLongLongAndOverflow(high, &overflow);
    Py_DECREF(high);
    if (hi == -1 && PyErr_Occurred())
        return 0;
    if (overflow || hi < 0 || hi >= (1LL << (SQUARES - 64))) {
        PyErr_SetString(PyExc_ValueError, "a bitboard must be an int in [0, 2**77)");
        return 0;
    }
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(value);
    if (lo == (unsigned long long)-1 && PyErr_Occurred())
        return 0;
    *out = (u128)hi << 64 | lo;
    return 1;
}

static PyObject *board_to_int(u128 x) {
    PyObject *hi = PyLong_FromUnsignedLongLong((uint64_t)(x >> 64));
    PyObject *shift = PyLong_FromLong(64);
    PyObject *lo = PyLong_FromUnsignedLongLong((uint64_t)x);
    PyObject *shifted = hi && shift ? PyNumber_Lshift(hi, shift) : NULL;
    PyObject *result = shifted && lo ? PyNumber_Or(shifted, lo) : NULL;
    Py_XDECREF(hi);
    Py_XDECREF(shift);
    Py_XDECREF(lo);
    Py_XDECREF(shifted);
    return result;
}

/* A small int argument within [low, high]. */
static int as_int(PyObject *value, long low, long high, const char *what, int *out) {
    long x = PyLong_AsLong(value);
    if (x == -1 && PyErr_Occurred())
        return 0;
    if (x < low || x > high) {
        PyErr_Format(PyExc_ValueError, "%s must be in [%ld, %ld], got %ld", what, low, high, x);
        return 0;
    }
    *out = (int)x;
    return 1;
}

static int as_move(PyObject *value, int *out) {
    if (!as_int(value, 0, HISTORY_SIZE - 1, "a move", out))
        return 0;
    if ((*out & 127) >= SQUARES || (*out >> 7) >= SQUARES) {
        PyErr_Format(PyExc_ValueError, "not a move: %d", *out);
        return 0;
    }
    return 1;
}

typedef struct {
    u128 b, d;
    int c, side, ol, om;
} Position;

static int as_position(PyObject *b, PyObject *d, PyObject *c, PyObject *side, PyObject *ol,
                       PyObject *om, Position *p) {
    return as_board(b, &p->b) && as_board(d, &p->d) && as_int(c, 0, SQUARES - 1, "chief", &p->c) &&
           as_int(side, 0, 1, "side", &p->side) && as_int(ol, 0, COLUMNS, "opening left", &p->ol) &&
           as_int(om, 0, (1 << COLUMNS) - 1, "opening moved", &p->om);
}

/* ---- Search methods -------------------------------------------------------------------- */

static int Search_init(Search *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"max_nodes", "max_seconds", "blocked_at_once", NULL};
    PyObject *max_nodes, *max_seconds;
    int blocked_at_once;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOp", names, &max_nodes, &max_seconds,
                                     &blocked_at_once))
        return -1;
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "configure() the module before searching");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search is running");
        return -1;
    }
    self->max_nodes = -1;
    if (max_nodes != Py_None) {
        self->max_nodes = PyLong_AsLongLong(max_nodes);
        if (self->max_nodes == -1 && PyErr_Occurred())
            return -1;
        if (self->max_nodes < 0) {
            PyErr_SetString(PyExc_ValueError, "max_nodes must not be negative");
            return -1;
        }
    }
    self->has_deadline = max_seconds != Py_None;
    if (self->has_deadline) {
        double seconds = PyFloat_AsDouble(max_seconds);
        if (seconds == -1.0 && PyErr_Occurred())
            return -1;
        self->deadline = now_seconds() + seconds;
    }
    self->blocked_at_once = blocked_at_once;
    self->nodes = 0;
    self->use_proven = 0;
    self->has_partial = 0;
    self->partial_score = 0;
    memset(self->killers, 0, sizeof self->killers);
    memset(self->history, 0, sizeof self->history);
    PyMem_RawFree(self->table.slots);
    self->table.count = 0;
    self->table.capacity = TABLE_MIN_SLOTS;
    self->table.slots = PyMem_RawCalloc(TABLE_MIN_SLOTS, sizeof(Entry));
    if (!self->table.slots) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Search_dealloc(Search *self) {
    PyMem_RawFree(self->table.slots);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* One iteration at the root: (score, best move) of the moves, previous_best first. */
static PyObject *Search_root(Search *self, PyObject *args) {
    PyObject *b, *d, *c, *side, *ol, *om, *depth_arg, *moves_arg, *previous_arg;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO:root", &b, &d, &c, &side, &ol, &om, &depth_arg,
                          &moves_arg, &previous_arg))
        return NULL;
    Position p;
    int depth, previous_best;
    if (!as_position(b, d, c, side, ol, om, &p) ||
        !as_int(depth_arg, 1, MAX_SEARCH_DEPTH, "depth", &depth) ||
        !as_move(previous_arg, &previous_best))
        return NULL;
    PyObject *sequence = PySequence_Fast(moves_arg, "moves must be a sequence of ints");
    if (!sequence)
        return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(sequence);
    if (count > MAX_MOVES - 1) {
        Py_DECREF(sequence);
        return PyErr_Format(PyExc_ValueError, "too many moves: %zd", count);
    }
    int ordered[MAX_MOVES], n = 1;
    ordered[0] = previous_best;
    for (Py_ssize_t i = 0; i < count; i++) {
        int move;
        if (!as_move(PySequence_Fast_GET_ITEM(sequence, i), &move)) {
            Py_DECREF(sequence);
            return NULL;
        }
        if (move != previous_best)
            ordered[n++] = move;
    }
    Py_DECREF(sequence);

    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search is already running");
        return NULL;
    }
    self->busy = 1;
    self->has_partial = 0;
    self->aborted = 0;
    self->probe = self->use_proven && PyDict_GET_SIZE(PROVEN) > 0;
    int alpha = -MATE - 1, best_move = ordered[0];
    PyThreadState *released = NULL;
    if (!self->probe) /* nothing Python is touched until the end: let other threads run */
        released = PyEval_SaveThread();
    for (int i = 0; i < n; i++) {
        int score = child_score(self, p.b, p.d, p.c, p.side, p.ol, p.om, ordered[i], depth, alpha,
                                MATE + 1, 0);
        if (self->aborted)
            break;
        if (score > alpha) {
            alpha = score;
            best_move = ordered[i];
        }
        self->has_partial = 1;
        self->partial_move = best_move;
        self->partial_score = alpha;
    }
    if (released)
        PyEval_RestoreThread(released);
    self->busy = 0;
    if (self->aborted == 2)
        return NULL;
    if (self->aborted) {
        PyErr_SetNone(OUT_OF_BUDGET);
        return NULL;
    }
    return Py_BuildValue("(ii)", alpha, best_move);
}

/* The expected line: first_move then table moves while they stay legal. */
static PyObject *Search_principal_variation(Search *self, PyObject *args) {
    PyObject *root, *b, *d, *c, *side, *ol, *om, *first;
    if (!PyArg_ParseTuple(args, "OO:principal_variation", &root, &first))
        return NULL;
    if (!PyArg_ParseTuple(root, "OOOOOO", &b, &d, &c, &side, &ol, &om))
        return NULL;
    Position p;
    int move;
    if (!as_position(b, d, c, side, ol, om, &p) || !as_move(first, &move))
        return NULL;
    PyObject *pv = PyList_New(0);
    if (!pv)
        return NULL;
    Key seen[MAX_PLY];
    int seen_count = 0;
    while (PyList_GET_SIZE(pv) < MAX_PV) {
        int moves[MAX_MOVES], legal = 0;
        int n = generate(p.b, p.d, p.c, p.side, p.ol ? columns(p.om) : 0, moves);
        for (int i = 0; i < n && !legal; i++)
            legal = moves[i] == move;
        if (!legal)
            break;
        PyObject *item = PyLong_FromLong(move);
        if (!item || PyList_Append(pv, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(pv);
            return NULL;
        }
        Py_DECREF(item);
        u128 nb = p.b, nd = p.d;
        int nc = p.c;
        apply(&nb, &nd, &nc, move);
        int nom = p.om | 1 << (move >> 7) % COLUMNS;
        if (p.side == BUFFALO_SIDE && p.ol > 1 &&
            buffalo_steps(nb, nb | nd | BIT(nc)) & ~columns(nom)) {
            p.ol -= 1;
            p.om = nom;
        } else {
            p.side = 1 - p.side;
            p.ol = 0;
            p.om = 0;
        }
        p.b = nb;
        p.d = nd;
        p.c = nc;
        Key key = make_key(p.b, p.d, p.c, p.side, p.ol, p.om);
        Entry *entry = table_find(&self->table, &key);
        int repeated = 0;
        for (int i = 0; i < seen_count && !repeated; i++)
            repeated = !memcmp(&seen[i], &key, sizeof key);
        if (!entry || repeated || game_over(p.b, p.d, p.c, p.side) || seen_count == MAX_PLY)
            break;
        seen[seen_count++] = key;
        move = entry->move;
    }
    return pv;
}

static PyObject *Search_get_nodes(Search *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
}

static PyObject *Search_get_partial_move(Search *self, void *closure) {
    (void)closure;
    if (!self->has_partial)
        Py_RETURN_NONE;
    return PyLong_FromLong(self->partial_move);
}

static PyObject *Search_get_partial_score(Search *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->partial_score);
}

static PyObject *Search_get_use_proven(Search *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->use_proven);
}

static int Search_set_use_proven(Search *self, PyObject *value, void *closure) {
    (void)closure;
    if (!value) {
        PyErr_SetString(PyExc_AttributeError, "use_proven cannot be deleted");
        return -1;
    }
    int truth = PyObject_IsTrue(value);
    if (truth < 0)
        return -1;
    self->use_proven = truth;
    return 0;
}

static PyObject *Search_get_table_size(Search *self, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(self->table.count);
}

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "Nodes searched so far.", NULL},
    {"partial_move", (getter)Search_get_partial_move, NULL,
     "Best move of the interrupted iteration's finished root moves (None: none finished).", NULL},
    {"partial_score", (getter)Search_get_partial_score, NULL, "Its score.", NULL},
    {"use_proven", (getter)Search_get_use_proven, (setter)Search_set_use_proven,
     "Probe solver.PROVEN at every node without an opening turn.", NULL},
    {"table_size", (getter)Search_get_table_size, NULL, "Positions in the table.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Search_methods[] = {
    {"root", (PyCFunction)Search_root, METH_VARARGS,
     "root(b, d, c, side, ol, om, depth, moves, previous_best) -> (score, move); raises the "
     "configured out-of-budget exception."},
    {"principal_variation", (PyCFunction)Search_principal_variation, METH_VARARGS,
     "principal_variation((b, d, c, side, ol, om), first_move) -> list of moves."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "play.games.buffalo._search.Search",
    .tp_doc = "Search(max_nodes, max_seconds, blocked_at_once): bots._Search, compiled.",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

/* ---- Module functions ------------------------------------------------------------------ */

static int get_long(PyObject *tables, const char *name, long *out) {
    PyObject *value = PyDict_GetItemString(tables, name);
    if (!value) {
        PyErr_Format(PyExc_KeyError, "configure(): missing %s", name);
        return 0;
    }
    *out = PyLong_AsLong(value);
    return !(*out == -1 && PyErr_Occurred());
}

static int get_int(PyObject *tables, const char *name, int *out) {
    long value;
    if (!get_long(tables, name, &value))
        return 0;
    *out = (int)value;
    return 1;
}

/* tables[name]: a sequence of SQUARES bitboards. */
static int get_boards(PyObject *tables, const char *name, u128 *out) {
    PyObject *value = PyDict_GetItemString(tables, name);
    if (!value) {
        PyErr_Format(PyExc_KeyError, "configure(): missing %s", name);
        return 0;
    }
    PyObject *sequence = PySequence_Fast(value, "a table must be a sequence");
    if (!sequence)
        return 0;
    int ok = PySequence_Fast_GET_SIZE(sequence) == SQUARES;
    if (!ok)
        PyErr_Format(PyExc_ValueError, "configure(): %s must have %d items", name, SQUARES);
    for (int i = 0; ok && i < SQUARES; i++)
        ok = as_board(PySequence_Fast_GET_ITEM(sequence, i), &out[i]);
    Py_DECREF(sequence);
    return ok;
}

/* tables[name]: SQUARES rows of SQUARES ints. */
static int get_square_table(PyObject *tables, const char *name, int out[SQUARES][SQUARES]) {
    PyObject *value = PyDict_GetItemString(tables, name);
    if (!value) {
        PyErr_Format(PyExc_KeyError, "configure(): missing %s", name);
        return 0;
    }
    PyObject *rows = PySequence_Fast(value, "a table must be a sequence");
    if (!rows)
        return 0;
    int ok = PySequence_Fast_GET_SIZE(rows) == SQUARES;
    for (int i = 0; ok && i < SQUARES; i++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(rows, i), "a row");
        ok = row && PySequence_Fast_GET_SIZE(row) == SQUARES;
        for (int j = 0; ok && j < SQUARES; j++) {
            long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(row, j));
            ok = !(x == -1 && PyErr_Occurred()) && x > -(1L << 20) && x < (1L << 20);
            out[i][j] = (int)x;
        }
        Py_XDECREF(row);
    }
    Py_DECREF(rows);
    if (!ok && !PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "configure(): %s must be %dx%d small ints", name,
                     SQUARES, SQUARES);
    return ok;
}

/* The board's geometry: row and column masks, the Indians' zone and the queen rays in it. */
static void compute_geometry(void) {
    FULL = (BIT(SQUARES - 1) << 1) - 1;
    u128 row_bits = (BIT(COLUMNS)) - 1;
    GOAL_MASK = row_bits << (COLUMNS * (ROWS - 1));
    ROW5 = row_bits << (COLUMNS * 4);
    ROW6 = row_bits << (COLUMNS * 5);
    INDIAN_ZONE = FULL & ~row_bits & ~GOAL_MASK;
    for (int col = 0; col < COLUMNS; col++) {
        COLUMN_MASK[col] = 0;
        for (int row = 0; row < ROWS; row++)
            COLUMN_MASK[col] |= BIT(row * COLUMNS + col);
    }
    for (int sq = 0; sq < SQUARES; sq++)
        for (int k = 0; k < 8; k++) {
            RAY[sq][k] = 0;
            int row = sq / COLUMNS + RAY_DR[k], col = sq % COLUMNS + RAY_DC[k];
            while (1 <= row && row <= ROWS - 2 && 0 <= col && col < COLUMNS) {
                RAY[sq][k] |= BIT(row * COLUMNS + col);
                row += RAY_DR[k];
                col += RAY_DC[k];
            }
        }
}

static PyObject *module_configure(PyObject *module, PyObject *tables) {
    (void)module;
    if (configured) {
        PyErr_SetString(PyExc_RuntimeError, "configure() runs once");
        return NULL;
    }
    if (!PyDict_Check(tables)) {
        PyErr_SetString(PyExc_TypeError, "configure() takes a dict");
        return NULL;
    }
    int columns_, rows_, max_pv;
    long time_check;
    PyObject *proven = PyDict_GetItemString(tables, "proven");
    PyObject *out_of_budget = PyDict_GetItemString(tables, "out_of_budget");
    if (!get_int(tables, "columns", &columns_) || !get_int(tables, "rows", &rows_) ||
        !get_boards(tables, "king_targets", KING_TARGETS) ||
        !get_boards(tables, "neighbours", NEIGHBOURS) ||
        !get_square_table(tables, "free_table", FREE_TABLE) ||
        !get_square_table(tables, "blocked_table", BLOCKED_TABLE) ||
        !get_long(tables, "threat_bonus", &THREAT_BONUS) ||
        !get_long(tables, "spare_dog", &SPARE_DOG) || !get_long(tables, "tempo", &TEMPO) ||
        !get_int(tables, "mate", &MATE) || !get_int(tables, "mate_bound", &MATE_BOUND) ||
        !get_int(tables, "lock_plies", &LOCK_PLIES) ||
        !get_long(tables, "time_check_interval", &time_check) ||
        !get_int(tables, "lmr_min_depth", &LMR_MIN_DEPTH) ||
        !get_int(tables, "lmr_after", &LMR_AFTER) ||
        !get_int(tables, "order_lanes", &ORDER_LANES) || !get_int(tables, "max_depth", &max_pv))
        return NULL;
    if (columns_ != COLUMNS || rows_ != ROWS) {
        PyErr_Format(PyExc_ValueError, "the compiled search plays on %dx%d, not %dx%d", COLUMNS,
                     ROWS, columns_, rows_);
        return NULL;
    }
    if (time_check < 1 || max_pv < 1 || max_pv > MAX_PLY || MATE < 1 || MATE > (1 << 28)) {
        PyErr_SetString(PyExc_ValueError, "configure(): a search constant is out of range");
        return NULL;
    }
    if (!proven || !PyDict_Check(proven) || !out_of_budget ||
        !PyExceptionClass_Check(out_of_budget)) {
        PyErr_SetString(PyExc_TypeError,
                        "configure(): proven must be a dict, out_of_budget an exception class");
        return NULL;
    }
    TIME_CHECK_INTERVAL = time_check;
    MAX_PV = max_pv;
    compute_geometry();
    Py_INCREF(proven);
    PROVEN = proven;
    Py_INCREF(out_of_budget);
    OUT_OF_BUDGET = out_of_budget;
    configured = 1;
    Py_RETURN_NONE;
}

/* generate(b, d, c, side, skip_columns=0) -> list: board.generate, for the tests. */
static PyObject *module_generate(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *b, *d, *c, *side, *skip_arg = NULL;
    if (!PyArg_ParseTuple(args, "OOOO|O:generate", &b, &d, &c, &side, &skip_arg))
        return NULL;
    Position p;
    u128 skip = 0;
    PyObject *zero = PyLong_FromLong(0);
    int ok = zero && as_position(b, d, c, side, zero, zero, &p) &&
             (!skip_arg || as_board(skip_arg, &skip));
    Py_XDECREF(zero);
    if (!ok)
        return NULL;
    int moves[MAX_MOVES];
    int n = generate(p.b, p.d, p.c, p.side, skip, moves);
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *item = PyLong_FromLong(moves[i]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

/* evaluate(b, d, c, side) -> int: evaluation.evaluate, for the tests. */
static PyObject *module_evaluate(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *b, *d, *c, *side;
    if (!PyArg_ParseTuple(args, "OOOO:evaluate", &b, &d, &c, &side))
        return NULL;
    Position p;
    PyObject *zero = PyLong_FromLong(0);
    int ok = zero && as_position(b, d, c, side, zero, zero, &p);
    Py_XDECREF(zero);
    if (!ok)
        return NULL;
    return PyLong_FromLong(evaluate(p.b, p.d, p.c, p.side));
}

/* apply(b, d, c, move) -> (b, d, c): board.apply, for the tests. */
static PyObject *module_apply(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *b, *d, *c, *move_arg;
    if (!PyArg_ParseTuple(args, "OOOO:apply", &b, &d, &c, &move_arg))
        return NULL;
    Position p;
    int move;
    PyObject *zero = PyLong_FromLong(0);
    int ok = zero && as_position(b, d, c, zero, zero, zero, &p) && as_move(move_arg, &move);
    Py_XDECREF(zero);
    if (!ok)
        return NULL;
    apply(&p.b, &p.d, &p.c, move);
    PyObject *nb = board_to_int(p.b), *nd = board_to_int(p.d);
    PyObject *result = nb && nd ? Py_BuildValue("(OOi)", nb, nd, p.c) : NULL;
    Py_XDECREF(nb);
    Py_XDECREF(nd);
    return result;
}

static PyMethodDef module_methods[] = {
    {"configure", module_configure, METH_O,
     "configure(tables: dict): the weights, tables and constants, once, before any search."},
    {"generate", module_generate, METH_VARARGS, "board.generate, compiled (for the tests)."},
    {"evaluate", module_evaluate, METH_VARARGS, "evaluation.evaluate, compiled (for the tests)."},
    {"apply", module_apply, METH_VARARGS, "board.apply, compiled (for the tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef search_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "play.games.buffalo._search",
    .m_doc = "The Buffalo bots' alpha-beta search, compiled (see bots._Search).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__search(void) {
    if (PyType_Ready(&SearchType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&search_module);
    if (!module)
        return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(module, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
