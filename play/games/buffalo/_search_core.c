/* bots._Search in C: see _search_core.h. */
#include "_search_core.h"

#include <time.h>

#define GIL_SHARE_INTERVAL 16384 /* nodes (about a millisecond) between GIL releases */

int MATE, MATE_BOUND, LOCK_PLIES;
long long TIME_CHECK_INTERVAL;
int LMR_MIN_DEPTH, LMR_AFTER, ORDER_LANES;
PyObject *PROVEN;

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts); /* the clock time.perf_counter() reads on Linux */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- The transposition table ----------------------------------------------------------- */

static inline size_t key_hash(const Key *key) {
    uint64_t h = key->b_lo * 0x9E3779B97F4A7C15ull;
    h ^= (key->d_lo + (h >> 29)) * 0xBF58476D1CE4E5B9ull;
    h ^= (key->rest + (h >> 31)) * 0x94D049BB133111EBull;
    return (size_t)(h ^ h >> 32);
}

Entry *table_find(const Table *t, const Key *key) {
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
             * its home slot unless that one was searched deeper. An empty home slot stays
             * empty: a quarter of the slots must stay empty for every probe to end (filled
             * uncounted, they all filled up, and looking up a missing key looped forever).
             * Lookups stay right: no slot ever empties, and the new key sits where its probe
             * sequence starts. */
            e = &t->slots[key_hash(key) & (t->capacity - 1)];
            if (!e->rest || e->depth > depth)
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

/* ---- The search (bots._Search) --------------------------------------------------------- */

static int negamax(Search *s, u128 b, u128 d, int c, int side, int ol, int om, int depth,
                   int alpha, int beta, int ply);

int child_score(Search *s, u128 b, u128 d, int c, int side, int ol, int om, int move, int depth,
                int alpha, int beta, int ply) {
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
    int count = generate(b, d, c, side, ol ? om : 0, all), n = 1;
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
        n = generate(b, d, c, side, ol ? om : 0, moves);
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
