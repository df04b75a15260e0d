/*
 * The Buffalo bots' alpha-beta search, compiled: a port of `_Search` in bots.py, as the CPython
 * extension module play.games.buffalo._search (this file: the Python type and functions).
 *
 *   _search_board.h/.c  board.py and evaluation.py: move generation, the evaluation
 *   _search_core.h/.c   bots._Search: the transposition table, negamax, child_score, order, staged
 *   _search.c           Search (root, principal_variation, nodes, ...), configure(), PyInit
 *
 * Each C function mirrors the Python function of the same name and must stay equivalent to it:
 * the tests compare both searches node for node (same move, score, depth, node count and
 * principal variation at the same node budget). Positions are 77-bit bitboards held in
 * `unsigned __int128`, moves are `from | to << 7` as in Python.
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
 *
 * Threads: root() releases the GIL for the whole search unless it probes PROVEN (then it lets
 * other threads run every GIL_SHARE_INTERVAL nodes); searches in different Search objects run
 * in parallel, and a Search refuses a second root() or principal_variation() while it runs.
 * Signals: a search never checks them, so Ctrl-C (KeyboardInterrupt) waits for root() to
 * return; every search has a budget of nodes or seconds (the bots always give one), which
 * bounds that wait.
 *
 * Arguments from Python are all checked (ranges, at most MAX_DOGS dogs, ints only): bad ones
 * raise ValueError, TypeError or OverflowError, and change nothing.
 */
#include "_search_core.h"

#include <math.h>
#include <string.h>

static int configured;
static int MAX_PV;              /* bots.MAX_DEPTH: the longest principal variation */
static PyObject *OUT_OF_BUDGET; /* bots._OutOfBudget */

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

/* The position's ints, checked; more dogs than the game's would overflow the move lists. */
static int as_position(PyObject *b, PyObject *d, PyObject *c, PyObject *side, PyObject *ol,
                       PyObject *om, Position *p) {
    if (!(as_board(b, &p->b) && as_board(d, &p->d) &&
          as_int(c, 0, SQUARES - 1, "chief", &p->c) && as_int(side, 0, 1, "side", &p->side) &&
          as_int(ol, 0, COLUMNS, "opening left", &p->ol) &&
          as_int(om, 0, (1 << COLUMNS) - 1, "opening moved", &p->om)))
        return 0;
    if (popcount(p->d) > MAX_DOGS) {
        PyErr_Format(PyExc_ValueError, "at most %d dogs", MAX_DOGS);
        return 0;
    }
    return 1;
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
    /* Everything is checked and allocated before the search changes: a failed (re)init
     * leaves it as it was. */
    long long nodes_budget = -1;
    if (max_nodes != Py_None) {
        nodes_budget = PyLong_AsLongLong(max_nodes);
        if (nodes_budget == -1 && PyErr_Occurred())
            return -1;
        if (nodes_budget < 0) {
            PyErr_SetString(PyExc_ValueError, "max_nodes must not be negative");
            return -1;
        }
    }
    double seconds = 0.0;
    if (max_seconds != Py_None) {
        seconds = PyFloat_AsDouble(max_seconds);
        if (seconds == -1.0 && PyErr_Occurred())
            return -1;
        if (isnan(seconds)) { /* it would never time out */
            PyErr_SetString(PyExc_ValueError, "max_seconds must be a number, not NaN");
            return -1;
        }
    }
    Entry *slots = PyMem_RawCalloc(TABLE_MIN_SLOTS, sizeof(Entry));
    if (!slots) {
        PyErr_NoMemory();
        return -1;
    }
    self->max_nodes = nodes_budget;
    self->has_deadline = max_seconds != Py_None;
    if (self->has_deadline)
        self->deadline = now_seconds() + seconds;
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
    self->table.slots = slots;
    return 0;
}

/* 0 with RuntimeError when the search cannot run or be read now. */
static int check_usable(Search *self) {
    if (!self->table.slots) { /* Search.__new__ without __init__ */
        PyErr_SetString(PyExc_RuntimeError, "the search is not initialised");
        return 0;
    }
    if (self->busy) { /* another thread's root() may be reallocating the table */
        PyErr_SetString(PyExc_RuntimeError, "this search is running");
        return 0;
    }
    return 1;
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
    /* A tuple copy: converting an item may run Python code, which could change a list. */
    PyObject *sequence = PySequence_Tuple(moves_arg);
    if (!sequence)
        return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(sequence);
    if (count > MAX_MOVES - 1) {
        Py_DECREF(sequence);
        return PyErr_Format(PyExc_ValueError, "too many moves: %zd", count);
    }
    int ordered[MAX_MOVES], n = 1;
    ordered[0] = previous_best;
    for (Py_ssize_t i = 0; i < count; i++) {
        int move;
        if (!as_move(PyTuple_GET_ITEM(sequence, i), &move)) {
            Py_DECREF(sequence);
            return NULL;
        }
        if (move != previous_best)
            ordered[n++] = move;
    }
    Py_DECREF(sequence);

    if (!check_usable(self))
        return NULL;
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
    PyObject *root_arg, *root, *b, *d, *c, *side, *ol, *om, *first;
    if (!PyArg_ParseTuple(args, "OO:principal_variation", &root_arg, &first))
        return NULL;
    root = PySequence_Tuple(root_arg);
    if (!root)
        return NULL;
    Position p;
    int move;
    int ok = PyArg_ParseTuple(root, "OOOOOO:principal_variation", &b, &d, &c, &side, &ol, &om) &&
             as_position(b, d, c, side, ol, om, &p) && as_move(first, &move);
    Py_DECREF(root);
    if (!ok || !check_usable(self))
        return NULL;
    PyObject *pv = PyList_New(0);
    if (!pv)
        return NULL;
    Key seen[MAX_PLY];
    int seen_count = 0;
    while (PyList_GET_SIZE(pv) < MAX_PV) {
        int moves[MAX_MOVES], legal = 0;
        int n = generate(p.b, p.d, p.c, p.side, p.ol ? p.om : 0, moves);
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
    if (!check_usable(self))
        return NULL;
    size_t used = 0; /* the slots themselves, not the table's count of them */
    for (size_t i = 0; i < self->table.capacity; i++)
        used += self->table.slots[i].rest != 0;
    return PyLong_FromSize_t(used);
}

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "Nodes searched so far.", NULL},
    {"partial_move", (getter)Search_get_partial_move, NULL,
     "Best move of the interrupted iteration's finished root moves (None: none finished).", NULL},
    {"partial_score", (getter)Search_get_partial_score, NULL, "Its score.", NULL},
    {"use_proven", (getter)Search_get_use_proven, (setter)Search_set_use_proven,
     "Probe solver.PROVEN at every node without an opening turn.", NULL},
    {"table_size", (getter)Search_get_table_size, NULL,
     "Positions in the table (its used slots, counted).", NULL},
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

/* tables[name] (a borrowed reference), or NULL with KeyError set. */
static PyObject *required(PyObject *tables, const char *name) {
    PyObject *value = PyDict_GetItemString(tables, name);
    if (!value)
        PyErr_Format(PyExc_KeyError, "configure(): missing %s", name);
    return value;
}

static int get_long(PyObject *tables, const char *name, long *out) {
    PyObject *value = required(tables, name);
    if (!value)
        return 0;
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
    PyObject *value = required(tables, name);
    if (!value)
        return 0;
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
    PyObject *value = required(tables, name);
    if (!value)
        return 0;
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
    Position p; /* skip_columns (bit c: column c) is checked as the opening turn's columns */
    PyObject *zero = PyLong_FromLong(0);
    int ok = zero && as_position(b, d, c, side, zero, skip_arg ? skip_arg : zero, &p);
    Py_XDECREF(zero);
    if (!ok)
        return NULL;
    int moves[MAX_MOVES];
    int n = generate(p.b, p.d, p.c, p.side, p.om, moves);
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
