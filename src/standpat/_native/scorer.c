/* The scalar fast path of standpat's rankings, in C.
 *
 * A Scorer holds one ranking's tables for one hand size (5, 6 or 7 cards) and
 * turns a sequence of card ints into a strength, exactly as the pure-Python
 * closure in ranking.py does.  It returns -1 where the Python path must take
 * over (six or seven lowball cards holding a flush); it raises IndexError or
 * TypeError for input that is not card ints; it never checks duplicates.
 *
 * A Scorer of size 4 is a four-card ranking (Badugi): `values` holds the strength of
 * every 4-card hand at its colex index C(a,1) + C(b,2) + C(c,3) + C(d,4) (a < b < c < d,
 * the sorted card ints); its keys, places and flush are not used.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <stddef.h>
#include <string.h>

#define SUIT_SHIFT 23
#define FOUR_CARD_HANDS 270725 /* C(52, 4) */
#define RANK_MASK ((1LL << SUIT_SHIFT) - 1)

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    int64_t keys[52];
    uint16_t *places;
    Py_ssize_t n_places;
    int32_t *values;
    Py_ssize_t n_values;
    int32_t flush[8192];
    int64_t keys5[52];
    uint16_t *places5;
    Py_ssize_t n_places5;
    int32_t *values5;
    Py_ssize_t n_values5;
    int size;
    int low;
} Scorer;

static PyObject *Scorer_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames);

static void Scorer_dealloc(Scorer *self) {
    PyMem_Free(self->places);
    PyMem_Free(self->values);
    PyMem_Free(self->places5);
    PyMem_Free(self->values5);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int copy_buffer(PyObject *obj, void *dst, Py_ssize_t item, Py_ssize_t count,
                       const char *name) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    if (view.len != item * count) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd bytes, expected %zd", name, view.len,
                     item * count);
        PyBuffer_Release(&view);
        return -1;
    }
    memcpy(dst, view.buf, view.len);
    PyBuffer_Release(&view);
    return 0;
}

static void *copy_owned(PyObject *obj, Py_ssize_t item, Py_ssize_t *count) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return NULL;
    void *mem = PyMem_Malloc(view.len ? view.len : 1);
    if (mem == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return NULL;
    }
    memcpy(mem, view.buf, view.len);
    *count = view.len / item;
    PyBuffer_Release(&view);
    return mem;
}

static int Scorer_init(Scorer *self, PyObject *args, PyObject *kwds) {
    PyObject *keys, *places, *values, *flush;
    PyObject *keys5 = NULL, *places5 = NULL, *values5 = NULL;
    int size, low;
    static char *names[] = {"keys", "places", "values", "flush", "size", "low",
                            "keys5", "places5", "values5", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOip|OOO", names, &keys, &places, &values,
                                     &flush, &size, &low, &keys5, &places5, &values5))
        return -1;
    if (size < 4 || size > 7) {
        PyErr_SetString(PyExc_ValueError, "size must be 4, 5, 6 or 7");
        return -1;
    }
    if (copy_buffer(keys, self->keys, 8, 52, "keys") < 0) return -1;
    if (copy_buffer(flush, self->flush, 4, 8192, "flush") < 0) return -1;
    PyMem_Free(self->places);
    PyMem_Free(self->values);
    self->places = copy_owned(places, 2, &self->n_places);
    if (self->places == NULL) return -1;
    self->values = copy_owned(values, 4, &self->n_values);
    if (self->values == NULL) return -1;
    if (size == 4 && self->n_values != FOUR_CARD_HANDS) {
        PyErr_SetString(PyExc_ValueError, "a 4-card scorer needs C(52, 4) values");
        return -1;
    }
    PyMem_Free(self->places5);
    PyMem_Free(self->values5);
    self->places5 = NULL;
    self->values5 = NULL;
    self->n_places5 = self->n_values5 = 0;
    if (keys5 != NULL && places5 != NULL && values5 != NULL) {
        if (copy_buffer(keys5, self->keys5, 8, 52, "keys5") < 0) return -1;
        self->places5 = copy_owned(places5, 2, &self->n_places5);
        if (self->places5 == NULL) return -1;
        self->values5 = copy_owned(values5, 4, &self->n_values5);
        if (self->values5 == NULL) return -1;
    }
    self->size = size;
    self->low = low;
    self->vectorcall = Scorer_vectorcall;
    return 0;
}

/* C(n, k) for the colex index of four cards. */
static int32_t binomial(int n, int k) {
    int64_t r = 1;
    for (int i = 0; i < k; i++) r = r * (n - i) / (i + 1);
    return (int32_t)r;
}

static int32_t COLEX[4][52]; /* COLEX[k][c] = C(c, k + 1) */

/* Four distinct card ints: their strength read at their colex index.  The sorting network
 * uses min and max (conditional moves), not swaps behind branches that random cards would
 * mispredict half the time. */
#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define MAX(x, y) ((x) < (y) ? (y) : (x))
static int32_t score_four(const Scorer *self, const int *c) {
    int lo1 = MIN(c[0], c[1]), hi1 = MAX(c[0], c[1]);
    int lo2 = MIN(c[2], c[3]), hi2 = MAX(c[2], c[3]);
    int a = MIN(lo1, lo2), x = MAX(lo1, lo2), y = MIN(hi1, hi2), d = MAX(hi1, hi2);
    int b = MIN(x, y), e = MAX(x, y);
    return self->values[COLEX[0][a] + COLEX[1][b] + COLEX[2][e] + COLEX[3][d]];
}
#undef MIN
#undef MAX

/* The strength of n (= self->size) distinct card ints in 0..51; -1: use the Python path. */
static int32_t score_cards(const Scorer *self, const int *c, int n) {
    if (n == 4) return score_four(self, c);
    int64_t key = 0;
    for (int i = 0; i < n; i++) key += self->keys[c[i]];
    int64_t fields = ((key >> SUIT_SHIFT) + 0x3333) & 0x8888;
    int64_t rank_key = key & RANK_MASK;
    int32_t plain = -1;
    if (rank_key < self->n_places) {
        uint16_t place = self->places[rank_key];
        if (place < self->n_values) plain = self->values[place];
    }
    if (!fields) return plain;
    int suit = 0;
    while (!((fields >> (4 * suit + 3)) & 1)) suit++;
    int mask = 0;
    for (int i = 0; i < n; i++)
        if ((c[i] & 3) == suit) mask |= 1 << (c[i] >> 2);
    int32_t flushed = self->flush[mask];
    if (n == 5) return flushed;
    if (self->low) {
        /* Lowball with a flush among six or seven cards: the best five may avoid it. */
        if (self->values5 == NULL) return -1;
        int32_t best = -1;
        for (int m = 0; m < (1 << n); m++) {
            if (__builtin_popcount(m) != 5) continue;
            int64_t k5 = 0;
            int suits = 0, ranks = 0;
            for (int i = 0; i < n; i++) {
                if (!((m >> i) & 1)) continue;
                k5 += self->keys5[c[i]];
                suits |= 1 << (c[i] & 3);
                ranks |= 1 << (c[i] >> 2);
            }
            int32_t value;
            if ((suits & (suits - 1)) == 0) {
                value = self->flush[ranks];
            } else {
                int64_t r = k5 & RANK_MASK;
                value = -1;
                if (r < self->n_places5 && self->places5[r] < self->n_values5)
                    value = self->values5[self->places5[r]];
            }
            if (value > best) best = value;
        }
        return best;
    }
    return flushed > plain ? flushed : plain;
}

static PyObject *Scorer_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf,
                                   PyObject *kwnames) {
    Scorer *self = (Scorer *)callable;
    if (kwnames != NULL || PyVectorcall_NARGS(nargsf) != 1) {
        PyErr_SetString(PyExc_TypeError, "a Scorer takes one sequence of card ints");
        return NULL;
    }
    PyObject *cards = args[0];
    PyObject *seq = PySequence_Fast(cards, "cards must be a sequence of card ints");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n != self->size) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "this scorer ranks %d cards, got %zd", self->size, n);
        return NULL;
    }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    int c[7];
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(items[i]);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (v < 0 || v > 51) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_IndexError, "card int %ld is outside 0..51", v);
            return NULL;
        }
        c[i] = (int)v;
    }
    Py_DECREF(seq);
    return PyLong_FromLong(score_cards(self, c, (int)n));
}

static PyTypeObject ScorerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "standpat._native.scorer.Scorer",
    .tp_doc = PyDoc_STR("Strength of a fixed number of card ints under one ranking."),
    .tp_basicsize = sizeof(Scorer),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_vectorcall_offset = offsetof(Scorer, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Scorer_init,
    .tp_dealloc = (destructor)Scorer_dealloc,
};

/* ---- Evaluator: the whole of standpat.evaluate(cards, ranking) on its common path ----
 *
 * Takes a list or tuple of 5..7 card ints, or card text, and a ranking key (a name
 * string, a RankingName or a Ranking, looked up in a dict), checks the cards (range,
 * duplicates, deck), scores them and returns a new HandValue with its slots filled.
 * Anything off that path (bad input, unknown ranking, -1 from a scorer) goes to the
 * Python `slow` callable, which does the same work and raises the proper error.
 */
#define N_RANKINGS 16 /* at most; n_rankings are in use */
#define N_SIZES 4      /* hand sizes 4..7 */

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *rankings; /* dict: key -> index 0..n_rankings-1 */
    int n_rankings;
    PyObject *scorers[N_RANKINGS][N_SIZES];
    uint64_t deck[N_RANKINGS];
    PyObject *names[N_RANKINGS];
    PyObject *cards; /* tuple of the 52 Card objects */
    PyTypeObject *value_type;
    Py_ssize_t off_ranking, off_strength, off_cards;
    PyObject *slow;
    PyObject *dict; /* instance attributes: __doc__, __module__, __wrapped__ ... */
} Evaluator;

static PyObject *Evaluator_vectorcall(PyObject *callable, PyObject *const *args,
                                      size_t nargsf, PyObject *kwnames);

static void Evaluator_dealloc(Evaluator *self) {
    Py_XDECREF(self->rankings);
    for (int r = 0; r < N_RANKINGS; r++) {
        for (int k = 0; k < N_SIZES; k++) Py_XDECREF(self->scorers[r][k]);
        Py_XDECREF(self->names[r]);
    }
    Py_XDECREF(self->cards);
    Py_XDECREF((PyObject *)self->value_type);
    Py_XDECREF(self->slow);
    Py_XDECREF(self->dict);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t slot_offset(PyTypeObject *type, const char *name) {
    PyObject *descr = PyObject_GetAttrString((PyObject *)type, name);
    if (descr == NULL) return -1;
    if (!Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        Py_DECREF(descr);
        PyErr_Format(PyExc_TypeError, "%s.%s is not a slot", type->tp_name, name);
        return -1;
    }
    Py_ssize_t offset = ((PyMemberDescrObject *)descr)->d_member->offset;
    Py_DECREF(descr);
    return offset;
}

static int Evaluator_init(Evaluator *self, PyObject *args, PyObject *kwds) {
    PyObject *rankings, *scorers, *decks, *names, *cards, *value_type, *slow;
    static char *kw[] = {"rankings", "scorers", "decks", "names", "cards", "value_type",
                         "slow", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!O!O!O!O!O", kw, &PyDict_Type, &rankings,
                                     &PyTuple_Type, &scorers, &PyTuple_Type, &decks,
                                     &PyTuple_Type, &names, &PyTuple_Type, &cards,
                                     &PyType_Type, &value_type, &slow))
        return -1;
    Py_ssize_t count = PyTuple_GET_SIZE(scorers);
    if (count < 1 || count > N_RANKINGS || PyTuple_GET_SIZE(decks) != count ||
        PyTuple_GET_SIZE(names) != count || PyTuple_GET_SIZE(cards) != 52) {
        PyErr_SetString(PyExc_ValueError,
                        "an Evaluator needs 1 to 16 rankings (scorers, decks, names) and 52 cards");
        return -1;
    }
    self->n_rankings = (int)count;
    for (int r = 0; r < count; r++) {
        PyObject *sizes = PyTuple_GET_ITEM(scorers, r);
        if (!PyTuple_Check(sizes) || PyTuple_GET_SIZE(sizes) != N_SIZES) {
            PyErr_SetString(PyExc_ValueError, "scorers: one (4, 5, 6, 7) tuple per ranking");
            return -1;
        }
        for (int k = 0; k < N_SIZES; k++) {
            PyObject *scorer = PyTuple_GET_ITEM(sizes, k);
            if (scorer == Py_None) { /* made on first use: see install() */
                Py_CLEAR(self->scorers[r][k]);
                continue;
            }
            if (!Py_IS_TYPE(scorer, &ScorerType) || ((Scorer *)scorer)->size != 4 + k) {
                PyErr_SetString(PyExc_TypeError, "scorers must be Scorers of 4, 5, 6, 7 cards");
                return -1;
            }
            Py_INCREF(scorer);
            Py_XSETREF(self->scorers[r][k], scorer);
        }
        self->deck[r] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(decks, r));
        if (PyErr_Occurred()) return -1;
        Py_INCREF(PyTuple_GET_ITEM(names, r));
        Py_XSETREF(self->names[r], PyTuple_GET_ITEM(names, r));
    }
    PyTypeObject *type = (PyTypeObject *)value_type;
    if ((self->off_ranking = slot_offset(type, "ranking")) < 0) return -1;
    if ((self->off_strength = slot_offset(type, "strength")) < 0) return -1;
    if ((self->off_cards = slot_offset(type, "cards")) < 0) return -1;
    Py_INCREF(rankings);
    Py_XSETREF(self->rankings, rankings);
    Py_INCREF(cards);
    Py_XSETREF(self->cards, cards);
    Py_INCREF(value_type);
    Py_XSETREF(self->value_type, type);
    Py_INCREF(slow);
    Py_XSETREF(self->slow, slow);
    self->vectorcall = Evaluator_vectorcall;
    return 0;
}

static int rank_of_char(char ch) {
    switch (ch) {
    case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return ch - '2';
    case 'T': case 't': return 8;
    case 'J': case 'j': return 9;
    case 'Q': case 'q': return 10;
    case 'K': case 'k': return 11;
    case 'A': case 'a': return 12;
    default: return -1;
    }
}

static int suit_of_char(char ch) {
    switch (ch) {
    case 'c': case 'C': return 0;
    case 'd': case 'D': return 1;
    case 'h': case 'H': return 2;
    case 's': case 'S': return 3;
    default: return -1;
    }
}

/* Card text like "As Kd, 10h" into card ints; -1 when it is not plain card text. */
static int parse_text(PyObject *text, int *c) {
    Py_ssize_t len;
    const char *p = PyUnicode_AsUTF8AndSize(text, &len);
    if (p == NULL) {
        PyErr_Clear();
        return -1;
    }
    const char *end = p + len;
    int n = 0;
    while (p < end) {
        char ch = *p;
        if (ch == ' ' || ch == ',' || ch == ';' || ch == '\t' || ch == '\n') {
            p++;
            continue;
        }
        int rank;
        if (ch == '1' && p + 1 < end && p[1] == '0') {
            rank = 8;
            p += 2;
        } else {
            rank = rank_of_char(ch);
            p++;
        }
        if (rank < 0 || p >= end || n >= 7) return -1;
        int suit = suit_of_char(*p++);
        if (suit < 0) return -1;
        c[n++] = rank * 4 + suit;
    }
    return n;
}

static PyObject *go_slow(Evaluator *self, PyObject *const *args) {
    return PyObject_Vectorcall(self->slow, args, 2, NULL);
}

static PyObject *Evaluator_vectorcall(PyObject *callable, PyObject *const *args,
                                      size_t nargsf, PyObject *kwnames) {
    Evaluator *self = (Evaluator *)callable;
    if (kwnames != NULL || PyVectorcall_NARGS(nargsf) != 2)
        return PyObject_Vectorcall(self->slow, args, nargsf, kwnames);
    PyObject *found = PyDict_GetItemWithError(self->rankings, args[1]);
    if (found == NULL) {
        PyErr_Clear(); /* unhashable or unknown: the slow path says what is wrong */
        return go_slow(self, args);
    }
    int r = (int)PyLong_AsLong(found);
    PyObject *given = args[0];
    int c[7];
    int n;
    PyObject *reuse = NULL; /* a tuple of exactly the Card objects, kept as it is */
    if (PyUnicode_Check(given)) {
        n = parse_text(given, c);
        if (n < 4) return go_slow(self, args);
    } else {
        PyObject **items;
        if (PyList_CheckExact(given)) {
            n = (int)PyList_GET_SIZE(given);
            items = ((PyListObject *)given)->ob_item;
        } else if (PyTuple_CheckExact(given)) {
            n = (int)PyTuple_GET_SIZE(given);
            items = ((PyTupleObject *)given)->ob_item;
            reuse = given;
        } else {
            return go_slow(self, args);
        }
        if (n < 4 || n > 7) return go_slow(self, args);
        for (int i = 0; i < n; i++) {
            PyObject *item = items[i];
            if (!PyLong_Check(item)) return go_slow(self, args);
            long v = PyLong_AsLong(item);
            if (v < 0 || v > 51) {
                PyErr_Clear();
                return go_slow(self, args);
            }
            c[i] = (int)v;
            if (reuse != NULL && item != PyTuple_GET_ITEM(self->cards, v)) reuse = NULL;
        }
    }
    uint64_t seen = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bit = 1ULL << c[i];
        if (seen & bit) return go_slow(self, args);
        seen |= bit;
    }
    if (seen & ~self->deck[r]) return go_slow(self, args);
    Scorer *scorer = (Scorer *)self->scorers[r][n - 4];
    if (scorer == NULL) return go_slow(self, args);
    int32_t strength = score_cards(scorer, c, n);
    if (strength < 0) return go_slow(self, args);
    PyObject *cards;
    if (reuse != NULL) {
        Py_INCREF(reuse);
        cards = reuse;
    } else {
        cards = PyTuple_New(n);
        if (cards == NULL) return NULL;
        for (int i = 0; i < n; i++) {
            PyObject *card = PyTuple_GET_ITEM(self->cards, c[i]);
            Py_INCREF(card);
            PyTuple_SET_ITEM(cards, i, card);
        }
        PyObject_GC_UnTrack(cards); /* cards are ints: no cycle can go through it */
    }
    PyObject *number = PyLong_FromLong(strength);
    if (number == NULL) {
        Py_DECREF(cards);
        return NULL;
    }
    PyObject *value = self->value_type->tp_alloc(self->value_type, 0);
    if (value == NULL) {
        Py_DECREF(cards);
        Py_DECREF(number);
        return NULL;
    }
    Py_INCREF(self->names[r]);
    *(PyObject **)((char *)value + self->off_ranking) = self->names[r];
    *(PyObject **)((char *)value + self->off_strength) = number;
    *(PyObject **)((char *)value + self->off_cards) = cards;
    /* A HandValue holds a ranking name, an int and a tuple of cards (and later its best
     * five): it can be in no reference cycle, so the collector need not follow it.  Its
     * type's dealloc untracks only a tracked object. */
    if (PyObject_IS_GC(value)) PyObject_GC_UnTrack(value);
    return value;
}

static PyObject *Evaluator_install(Evaluator *self, PyObject *args) {
    int r, size;
    PyObject *scorer;
    if (!PyArg_ParseTuple(args, "iiO!", &r, &size, &ScorerType, &scorer)) return NULL;
    if (r < 0 || r >= self->n_rankings || size < 4 || size > 7 ||
        ((Scorer *)scorer)->size != size) {
        PyErr_SetString(PyExc_ValueError, "install(ranking index, size 4..7, Scorer)");
        return NULL;
    }
    Py_INCREF(scorer);
    Py_XSETREF(self->scorers[r][size - 4], scorer);
    Py_RETURN_NONE;
}

static PyMethodDef Evaluator_methods[] = {
    {"install", (PyCFunction)Evaluator_install, METH_VARARGS,
     PyDoc_STR("install(ranking_index, size, scorer): the scorer of one ranking and size.")},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EvaluatorType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "standpat._native.scorer.Evaluator",
    .tp_doc = PyDoc_STR("standpat.evaluate(cards, ranking) in C on its common path."),
    .tp_basicsize = sizeof(Evaluator),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_vectorcall_offset = offsetof(Evaluator, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Evaluator_init,
    .tp_dealloc = (destructor)Evaluator_dealloc,
    .tp_methods = Evaluator_methods,
    .tp_dictoffset = offsetof(Evaluator, dict),
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "scorer", "C scalar path of standpat's rankings.", -1, NULL,
};

PyMODINIT_FUNC PyInit_scorer(void) {
    for (int k = 0; k < 4; k++)
        for (int c = 0; c < 52; c++) COLEX[k][c] = binomial(c, k + 1);
    if (PyType_Ready(&ScorerType) < 0) return NULL;
    if (PyType_Ready(&EvaluatorType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    Py_INCREF(&ScorerType);
    if (PyModule_AddObject(m, "Scorer", (PyObject *)&ScorerType) < 0) {
        Py_DECREF(&ScorerType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&EvaluatorType);
    if (PyModule_AddObject(m, "Evaluator", (PyObject *)&EvaluatorType) < 0) {
        Py_DECREF(&EvaluatorType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
