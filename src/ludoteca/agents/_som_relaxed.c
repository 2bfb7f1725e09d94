/* The relaxed solo «Som el que decidim!» solved in C: the same states, the same outcomes and
 * the same sums in the same order as ludoteca/agents/som_relaxed.py (RelaxedSolo._solve), so
 * its values are the Python solver's bit for bit, about a hundred times sooner.
 *
 * A state is (orig, deals, align_left): orig = (urna, Spain, world, economic capacity, ATC)
 * cards never dealt again, deals = (urna, economic capacity, ATC, Spain) per Spain deal,
 * sorted, empty ones dropped. Every state solved is kept in the Solver (an open-addressing
 * hash of its key to a row of T and W values, one per money 0..money).
 *
 * Built as an optional extension (setup.py): without a C compiler the Python solver is used.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXD 16                    /* deals a state may hold */
#define KEYLEN 72                  /* orig, deals (zero-padded), align_left, padding */
#define MAXW 64                    /* money + 1 (the shipped game: 37) */
#define MAXDIE 8
#define BLOCK 4096                 /* rows per block */
#define SLOTS0 (1 << 20)           /* hash slots at first (8 MB: half a million rows) */

typedef struct {
    uint8_t orig[5];
    uint8_t deals[MAXD][4];
    uint8_t align;
    int nd;
} State;

enum { FAILED_NONE, FAILED_MEMORY, FAILED_DEALS, FAILED_BUDGET };

typedef struct {
    int32_t row;
    uint32_t tag;
} Slot;

typedef struct {
    PyObject_HEAD
    int money, tax, tax_atc, eco, align, width, maxdie, ndie;
    int die[MAXDIE];
    double pdie[MAXDIE];
    int cards[5];
    /* hash table: slot -> row + 1 (0: empty), and the key's hash's high half */
    Slot *slots;
    size_t nslots;
    /* rows */
    /* rows, in blocks of BLOCK rows (growing never moves a row) */
    uint8_t **keys;                /* KEYLEN per row */
    double **vals;                 /* 2 * width per row: T then W */
    size_t nrows, nblocks, capblocks;
    int failed;                    /* why a solve stopped: one of FAILED_* */
    size_t limit;                  /* rows after which a solve stops (0: none) */
} Solver;

#define ROW_KEY(sv, r) ((sv)->keys[(size_t)(r) / BLOCK] + ((size_t)(r) % BLOCK) * KEYLEN)
#define ROW_T(sv, r) ((sv)->vals[(size_t)(r) / BLOCK] + ((size_t)(r) % BLOCK) * 2 * (sv)->width)
#define ROW_W(sv, r) (ROW_T(sv, r) + (sv)->width)

static void make_key(const State *s, uint8_t *key) {
    memset(key, 0, KEYLEN);
    memcpy(key, s->orig, 5);
    for (int i = 0; i < s->nd; i++) memcpy(key + 5 + 4 * i, s->deals[i], 4);
    key[5 + 4 * MAXD] = s->align;
}

static uint64_t hash_key(const uint8_t *key) {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < KEYLEN; i += 8) {            /* a word at a time */
        uint64_t w;
        memcpy(&w, key + i, 8);
        h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    h ^= h >> 33;                                    /* murmur3's finalizer */
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ULL;
    return h ^ (h >> 33);
}

/* Sort the deals (lexicographically, as Python sorts tuples) and drop empty ones. */
static void normalize(State *s) {
    int n = 0;
    for (int i = 0; i < s->nd; i++)
        if (s->deals[i][0] | s->deals[i][1] | s->deals[i][2] | s->deals[i][3]) {
            if (n != i) memcpy(s->deals[n], s->deals[i], 4);
            n++;
        }
    s->nd = n;
    for (int i = 1; i < n; i++) {                   /* insertion sort: a handful of deals */
        uint8_t d[4];
        memcpy(d, s->deals[i], 4);
        int j = i - 1;
        while (j >= 0 && memcmp(s->deals[j], d, 4) > 0) {
            memcpy(s->deals[j + 1], s->deals[j], 4);
            j--;
        }
        memcpy(s->deals[j + 1], d, 4);
    }
}

static long find_row(Solver *sv, const uint8_t *key) {
    uint64_t h = hash_key(key);
    uint32_t tag = (uint32_t)(h >> 32);
    size_t mask = sv->nslots - 1, i = h & mask;
    while (sv->slots[i].row) {
        long row = sv->slots[i].row - 1;
        if (sv->slots[i].tag == tag && !memcmp(ROW_KEY(sv, row), key, KEYLEN))
            return row;
        i = (i + 1) & mask;
    }
    return -1;
}

static void put_slot(Slot *slots, size_t nslots, const uint8_t *key, size_t row) {
    uint64_t h = hash_key(key);
    size_t i = h & (nslots - 1);
    while (slots[i].row) i = (i + 1) & (nslots - 1);
    slots[i].row = (int32_t)(row + 1);
    slots[i].tag = (uint32_t)(h >> 32);
}

static int grow_slots(Solver *sv) {
    size_t n = sv->nslots * 2;
    Slot *slots = calloc(n, sizeof(Slot));
    if (!slots) return -1;
    for (size_t r = 0; r < sv->nrows; r++) put_slot(slots, n, ROW_KEY(sv, r), r);
    free(sv->slots);
    sv->slots = slots;
    sv->nslots = n;
    return 0;
}

/* Append a solved row; returns its index (-1: out of memory). */
static long add_row(Solver *sv, const uint8_t *key, const double *T, const double *W) {
    if (sv->nrows == sv->nblocks * BLOCK) {              /* a new block */
        if (sv->nblocks == sv->capblocks) {
            size_t cap = sv->capblocks ? sv->capblocks * 2 : 64;
            uint8_t **keys = realloc(sv->keys, cap * sizeof(uint8_t *));
            if (!keys) return -1;
            sv->keys = keys;
            double **vals = realloc(sv->vals, cap * sizeof(double *));
            if (!vals) return -1;
            sv->vals = vals;
            sv->capblocks = cap;
        }
        uint8_t *kb = malloc((size_t)BLOCK * KEYLEN);
        double *vb = malloc((size_t)BLOCK * 2 * sv->width * sizeof(double));
        if (!kb || !vb) { free(kb); free(vb); return -1; }
        sv->keys[sv->nblocks] = kb;
        sv->vals[sv->nblocks] = vb;
        sv->nblocks++;
    }
    if ((sv->nrows + 1) * 2 > sv->nslots && grow_slots(sv)) return -1;
    size_t r = sv->nrows++;
    memcpy(ROW_KEY(sv, r), key, KEYLEN);
    memcpy(ROW_T(sv, r), T, sv->width * sizeof(double));
    memcpy(ROW_W(sv, r), W, sv->width * sizeof(double));
    put_slot(sv->slots, sv->nslots, key, r);
    return (long)r;
}

/* Start-of-turn values T from the walking ones W (RelaxedSolo.turn_values). */
static void turn_values(const Solver *sv, int a_up, const double *W, double *T) {
    int tax = a_up ? sv->tax_atc : sv->tax, width = sv->width;
    int n = width - tax;
    for (int x = 0; x < width; x++) T[x] = 0.0;
    if (n <= 0) return;
    double ext[2 * MAXW];                           /* past all the money: a DUI, won */
    memcpy(ext, W, width * sizeof(double));
    for (int j = width; j < width + sv->maxdie; j++) ext[j] = 1.0;
    double *out = T + tax;
    const double *e0 = ext + sv->die[0];
    double p0 = sv->pdie[0];
    for (int i = 0; i < n; i++) out[i] = p0 * e0[i];
    for (int k = 1; k < sv->ndie; k++) {
        const double *e = ext + sv->die[k];
        double p = sv->pdie[k];
        for (int i = 0; i < n; i++) out[i] = out[i] + p * e[i];
    }
}

static long solve(Solver *sv, State *s);

/* Forget every row (the hash slots are the caller's to empty). */
static void clear_rows(Solver *sv) {
    for (size_t b = 0; b < sv->nblocks; b++) { free(sv->keys[b]); free(sv->vals[b]); }
    sv->nblocks = 0;
    sv->nrows = 0;
}

/* v (+)= pr * the row's T or W (kind 'K': shifted by the payout, past the money won). */
static void accumulate(const Solver *sv, double *v, int first, double pr, const double *arr,
                       int shift) {
    int width = sv->width, n = arr == NULL ? 0 : width - shift;
    if (n < 0) n = 0;
    if (first) {
        for (int x = 0; x < n; x++) v[x] = pr * arr[x + shift];
        for (int x = n; x < width; x++) v[x] = pr * 1.0;
    } else {
        for (int x = 0; x < n; x++) v[x] = v[x] + pr * arr[x + shift];
        for (int x = n; x < width; x++) v[x] = v[x] + pr * 1.0;
    }
}


/* The T values after a Spain event into ``best`` (its card already taken from ``next``). */
static int spain(Solver *sv, const State *next, int pile, int k_up, int a_up, int s_up,
                 double *best) {
    State t = *next;
    if (t.nd >= MAXD) { sv->failed = FAILED_DEALS; return -1; }
    uint8_t d[4] = {(uint8_t)pile, (uint8_t)k_up, (uint8_t)a_up, 0};
    memcpy(t.deals[t.nd++], d, 4);
    normalize(&t);
    long r = solve(sv, &t);
    if (r < 0) return -1;
    memcpy(best, ROW_T(sv, r), sv->width * sizeof(double));
    if (next->align && s_up) {
        for (int j = 1; j <= s_up; j++) {
            State u = *next;
            uint8_t e[4] = {(uint8_t)pile, (uint8_t)k_up, (uint8_t)a_up, (uint8_t)(1 + j)};
            memcpy(u.deals[u.nd++], e, 4);
            u.align = next->align - 1;
            normalize(&u);
            long q = solve(sv, &u);
            if (q < 0) return -1;
            const double *alt = ROW_T(sv, q);
            for (int x = 0; x < sv->width; x++) if (alt[x] > best[x]) best[x] = alt[x];
        }
    }
    return 0;
}

/* One outcome of a group: kind 'T'/'S' read T, 'W' reads W, 'K' reads W shifted. */
static int outcome(Solver *sv, double *v, int *first, double pr, char kind, State *next,
                   int won, int pile, int k_up, int a_up, int s_up) {
    double buf[MAXW];
    if (kind == 'T' && won) {
        accumulate(sv, v, *first, pr, NULL, 0);
    } else if (kind == 'S') {
        if (spain(sv, next, pile, k_up, a_up, s_up, buf)) return -1;
        accumulate(sv, v, *first, pr, buf, 0);
    } else {
        normalize(next);
        long r = solve(sv, next);
        if (r < 0) return -1;
        if (kind == 'T') accumulate(sv, v, *first, pr, ROW_T(sv, r), 0);
        else accumulate(sv, v, *first, pr, ROW_W(sv, r), kind == 'K' ? sv->eco : 0);
    }
    *first = 0;
    return 0;
}

static void take_max(double *fixed, const double *v, int width, int *any) {
    if (!*any) memcpy(fixed, v, width * sizeof(double));
    else for (int x = 0; x < width; x++) if (v[x] > fixed[x]) fixed[x] = v[x];
    *any = 1;
}

/* Solve state ``s`` (normalized); returns its row (-1: failed). */
static long solve(Solver *sv, State *s) {
    uint8_t key[KEYLEN];
    make_key(s, key);
    long got = find_row(sv, key);
    if (got >= 0) return got;
    if (sv->limit && sv->nrows >= sv->limit) { sv->failed = FAILED_BUDGET; return -1; }
    int width = sv->width;
    const uint8_t *o = s->orig;
    int su = 0, sk = 0, sa = 0, ss = 0;
    for (int i = 0; i < s->nd; i++) {
        su += s->deals[i][0]; sk += s->deals[i][1]; sa += s->deals[i][2]; ss += s->deals[i][3];
    }
    int pile = sv->cards[0] - o[0] - su, k_up = sv->cards[3] - o[3] - sk;
    int a_up = sv->cards[4] - o[4] - sa, s_up = sv->cards[1] - o[1] - ss;
    int won = pile + 1 >= sv->cards[0];
    double fixed[MAXW], v[MAXW];
    int any = 0;
    int n_o = o[0] + o[1] + o[2] + o[3] + o[4];
    if (n_o) {
        int first = 1;
        /* urna, Spain, world, economic capacity, ATC (RelaxedSolo.group_outcomes) */
        static const char kinds[5] = {'T', 'S', 'T', 'K', 'W'};
        for (int c = 0; c < 5; c++) {
            if (!o[c]) continue;
            State t = *s;
            t.orig[c]--;
            if (outcome(sv, v, &first, (double)o[c] / n_o, kinds[c], &t, c == 0 && won, pile,
                        k_up, a_up, s_up)) return -1;
        }
        take_max(fixed, v, width, &any);
    }
    for (int i = 0; i < s->nd; i++) {
        const uint8_t *d = s->deals[i];
        int n = d[0] + d[1] + d[2] + d[3], first = 1;
        /* urna, economic capacity, ATC, Spain */
        static const char kinds[4] = {'T', 'K', 'W', 'S'};
        for (int c = 0; c < 4; c++) {
            if (!d[c]) continue;
            State t = *s;
            t.deals[i][c]--;
            if (outcome(sv, v, &first, (double)d[c] / n, kinds[c], &t, c == 0 && won, pile,
                        k_up, a_up, s_up)) return -1;
        }
        take_max(fixed, v, width, &any);
    }
    if (!any) for (int x = 0; x < width; x++) fixed[x] = 0.0;
    double W[MAXW], T[MAXW], W2[MAXW];
    memcpy(W, fixed, width * sizeof(double));
    for (int it = 0; it < 100000; it++) {
        turn_values(sv, a_up, W, T);
        double diff = 0.0;
        for (int x = 0; x < width; x++) {
            W2[x] = fixed[x] >= T[x] ? fixed[x] : T[x];
            double dd = W[x] - W2[x];
            if (dd < 0) dd = -dd;
            if (dd > diff) diff = dd;
        }
        memcpy(W, W2, width * sizeof(double));
        if (diff < 1e-13) break;
    }
    turn_values(sv, a_up, W, T);
    long r = add_row(sv, key, T, W);
    if (r < 0) sv->failed = FAILED_MEMORY;
    return r;
}

/* ----- Python ------------------------------------------------------------------------- */

static int parse_state(Solver *sv, PyObject *orig, PyObject *deals, int align, State *s) {
    memset(s, 0, sizeof(State));
    PyObject *fo = PySequence_Fast(orig, "orig must be a sequence of 5 counts");
    if (!fo) return -1;
    if (PySequence_Fast_GET_SIZE(fo) != 5) {
        Py_DECREF(fo);
        PyErr_SetString(PyExc_ValueError, "orig must hold 5 counts");
        return -1;
    }
    for (int c = 0; c < 5; c++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(fo, c));
        if (x < 0 || x > 255) {
            Py_DECREF(fo);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a count out of 0..255");
            return -1;
        }
        s->orig[c] = (uint8_t)x;
    }
    Py_DECREF(fo);
    PyObject *fd = PySequence_Fast(deals, "deals must be a sequence of 4-tuples");
    if (!fd) return -1;
    Py_ssize_t nd = PySequence_Fast_GET_SIZE(fd);
    if (nd > MAXD) {
        Py_DECREF(fd);
        PyErr_SetString(PyExc_ValueError, "too many deals for the compiled solver");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nd; i++) {
        PyObject *fi = PySequence_Fast(PySequence_Fast_GET_ITEM(fd, i), "a deal is 4 counts");
        if (!fi || PySequence_Fast_GET_SIZE(fi) != 4) {
            Py_XDECREF(fi);
            Py_DECREF(fd);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a deal is 4 counts");
            return -1;
        }
        for (int c = 0; c < 4; c++) {
            long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(fi, c));
            if (x < 0 || x > 255) {
                Py_DECREF(fi);
                Py_DECREF(fd);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a count out of 0..255");
                return -1;
            }
            s->deals[i][c] = (uint8_t)x;
        }
        Py_DECREF(fi);
    }
    Py_DECREF(fd);
    s->nd = (int)nd;
    if (align < 0 || align > 255) {
        PyErr_SetString(PyExc_ValueError, "align_left out of 0..255");
        return -1;
    }
    s->align = (uint8_t)align;
    (void)sv;
    normalize(s);
    return 0;
}

static PyObject *row_lists(Solver *sv, long r) {
    PyObject *T = PyList_New(sv->width), *W = PyList_New(sv->width);
    if (!T || !W) { Py_XDECREF(T); Py_XDECREF(W); return NULL; }
    const double *t = ROW_T(sv, r), *w = ROW_W(sv, r);
    for (int x = 0; x < sv->width; x++) {
        PyList_SET_ITEM(T, x, PyFloat_FromDouble(t[x]));
        PyList_SET_ITEM(W, x, PyFloat_FromDouble(w[x]));
    }
    return Py_BuildValue("(NN)", T, W);
}

static PyObject *Solver_solve(Solver *sv, PyObject *args) {
    PyObject *orig, *deals;
    int align;
    Py_ssize_t budget = 0;
    if (!PyArg_ParseTuple(args, "OOi|n", &orig, &deals, &align, &budget)) return NULL;
    State s;
    if (parse_state(sv, orig, deals, align, &s)) return NULL;
    sv->failed = FAILED_NONE;
    sv->limit = budget > 0 ? sv->nrows + (size_t)budget : 0;
    long r = solve(sv, &s);
    sv->limit = 0;
    if (r >= 0) return row_lists(sv, r);
    if (sv->failed == FAILED_BUDGET) Py_RETURN_NONE;    /* what was solved is kept */
    if (sv->failed == FAILED_DEALS) {
        PyErr_SetString(PyExc_ValueError, "too many deals for the compiled solver");
        return NULL;
    }
    return PyErr_NoMemory();
}

static PyObject *Solver_lookup(Solver *sv, PyObject *args) {
    PyObject *orig, *deals;
    int align;
    if (!PyArg_ParseTuple(args, "OOi", &orig, &deals, &align)) return NULL;
    State s;
    if (parse_state(sv, orig, deals, align, &s)) return NULL;
    uint8_t key[KEYLEN];
    make_key(&s, key);
    long r = find_row(sv, key);
    if (r < 0) Py_RETURN_NONE;
    return row_lists(sv, r);
}

static PyObject *Solver_load(Solver *sv, PyObject *args) {
    Py_buffer keys, vals;
    int key_bytes;
    if (!PyArg_ParseTuple(args, "y*iy*", &keys, &key_bytes, &vals)) return NULL;
    Py_ssize_t n = key_bytes > 5 ? keys.len / key_bytes : 0;
    int nd_max = (key_bytes - 5) / 4;
    if (key_bytes < 5 || (key_bytes - 5) % 4 || nd_max > MAXD || keys.len != n * key_bytes ||
        vals.len != (Py_ssize_t)(n * sv->width * sizeof(double))) {
        PyBuffer_Release(&keys);
        PyBuffer_Release(&vals);
        PyErr_SetString(PyExc_ValueError, "a table's keys and values do not fit together");
        return NULL;
    }
    const uint8_t *k = keys.buf;
    const double *w = vals.buf;                      /* native byte order (the caller's) */
    double T[MAXW];
    long added = 0;
    for (Py_ssize_t r = 0; r < n; r++, k += key_bytes, w += sv->width) {
        State s;
        memset(&s, 0, sizeof(State));
        memcpy(s.orig, k, 5);
        s.nd = nd_max;
        memcpy(s.deals, k + 5, 4 * nd_max);
        normalize(&s);
        uint8_t key[KEYLEN];
        make_key(&s, key);
        if (find_row(sv, key) >= 0) continue;
        int sa = 0;
        for (int i = 0; i < s.nd; i++) sa += s.deals[i][2];
        turn_values(sv, sv->cards[4] - s.orig[4] - sa, w, T);
        if (add_row(sv, key, T, w) < 0) {
            PyBuffer_Release(&keys);
            PyBuffer_Release(&vals);
            return PyErr_NoMemory();
        }
        added++;
    }
    PyBuffer_Release(&keys);
    PyBuffer_Release(&vals);
    return PyLong_FromLong(added);
}

static PyObject *Solver_clear(Solver *sv, PyObject *noargs) {
    (void)noargs;
    clear_rows(sv);
    memset(sv->slots, 0, sv->nslots * sizeof(Slot));
    Py_RETURN_NONE;
}

static PyObject *Solver_states(Solver *sv, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(sv->nrows);
}

static int Solver_init(Solver *sv, PyObject *args, PyObject *kw) {
    static char *names[] = {"money", "tax", "tax_atc", "eco", "die", "cards", "align", NULL};
    PyObject *die, *cards;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiiiOOi", names, &sv->money, &sv->tax,
                                     &sv->tax_atc, &sv->eco, &die, &cards, &sv->align))
        return -1;
    if (sv->money < 0 || sv->money + 1 > MAXW || sv->eco < 0) {
        PyErr_SetString(PyExc_ValueError, "money out of range for the compiled solver");
        return -1;
    }
    sv->width = sv->money + 1;
    PyObject *fd = PySequence_Fast(die, "die must be a sequence of (payment, chance)");
    if (!fd) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fd);
    if (n < 1 || n > MAXDIE) {
        Py_DECREF(fd);
        PyErr_SetString(PyExc_ValueError, "the die must have 1 to 8 payments");
        return -1;
    }
    sv->ndie = (int)n;
    sv->maxdie = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fd, i), "id", &sv->die[i],
                              &sv->pdie[i])) {
            Py_DECREF(fd);
            return -1;
        }
        if (sv->die[i] > sv->maxdie) sv->maxdie = sv->die[i];
        if (sv->die[i] < 0 || sv->die[i] > MAXW) {
            Py_DECREF(fd);
            PyErr_SetString(PyExc_ValueError, "a die payment out of 0..64");
            return -1;
        }
    }
    Py_DECREF(fd);
    if (!PyArg_ParseTuple(cards, "iiiii", &sv->cards[0], &sv->cards[1], &sv->cards[2],
                          &sv->cards[3], &sv->cards[4]))
        return -1;
    clear_rows(sv);                                  /* __init__ called again */
    free(sv->slots);
    sv->nslots = SLOTS0;
    sv->slots = calloc(sv->nslots, sizeof(Slot));
    if (!sv->slots) { PyErr_NoMemory(); return -1; }
    return 0;
}

static void Solver_dealloc(Solver *sv) {
    clear_rows(sv);
    free(sv->slots);
    free(sv->keys);
    free(sv->vals);
    Py_TYPE(sv)->tp_free((PyObject *)sv);
}

static PyMethodDef Solver_methods[] = {
    {"solve", (PyCFunction)Solver_solve, METH_VARARGS,
     "solve(orig, deals, align_left, budget=0) -> (T, W): the state's values, solving what "
     "it needs; None when that takes more than ``budget`` new states (those solved are kept)"},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "clear(): forget every state solved"},
    {"load", (PyCFunction)Solver_load, METH_VARARGS,
     "load(keys, key_bytes, values) -> states added: a table's walking values (align 0)"},
    {"lookup", (PyCFunction)Solver_lookup, METH_VARARGS,
     "lookup(orig, deals, align_left) -> (T, W) if solved already, else None"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Solver_getset[] = {
    {"states", (getter)Solver_states, NULL, "how many states are solved", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ludoteca.agents._som_relaxed.Solver",
    .tp_basicsize = sizeof(Solver),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Solver(money, tax, tax_atc, eco, die, cards, align): the relaxed solo game",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_som_relaxed",
    "The relaxed solo Som game solved in C (see ludoteca.agents.som_relaxed).", -1, NULL,
};

PyMODINIT_FUNC PyInit__som_relaxed(void) {
    if (PyType_Ready(&SolverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
