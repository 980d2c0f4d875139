/* The event updates of standpat.env.observe.PokerObserver, in C.
 *
 * A Recorder writes into the observer's two float32 blocks (every seat's private
 * block, one after the other, and the public block) what the events of one
 * Hand.apply change, exactly as the pure-Python recorder in observe.py does (the
 * same float32 numbers: tests/env/test_observer_native.py plays every game through
 * both and compares every observation).  The observer's layout (its offsets) comes
 * from Python once; the recorder keeps the round, the draw and the seat pointed at
 * as its members.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>

#define N_LAYOUT 24
#define MAX_SEATS 16
#define N_KINDS 10 /* the event classes: fold check call bet raise discard street draw burn show */
#define K_FOLD 0
#define K_CHECK 1
#define K_DISCARD 5
#define K_STREET 6
#define K_DRAW 7
#define K_BURN 8
#define K_SHOW 9
#define COUNT_CAP 15.0

typedef struct {
    PyObject_HEAD
    Py_buffer private_view;
    Py_buffer public_view;
    int has_private, has_public;
    PyObject *kinds[N_KINDS];   /* each kind's event class */
    PyObject *amounts[N_KINDS]; /* the name of its one number (call: added), or None */
    PyObject *seat_name, *cards_name;
    PyObject *cards_of, *folded_name, *stacks, *bets, *contributions, *all_in, *pot, *to_act;
    /* layout */
    int players, private_size, hand_size, draws, history, rows, row, draw_width;
    int set, dealt, mine, turn, cards, counts, summary, folded, stacks_at, bets_at, contrib_at, all_in_at,
        pot_at, to_act_at, round_at, shown;
    double scale;
    int summary_of[5]; /* the column of each action kind in the per-round summary */
    /* state */
    int street, draw, pointed;
    int n_seats;
    int seats[MAX_SEATS];
} Recorder;

static void Recorder_dealloc(Recorder *self) {
    if (self->has_private) PyBuffer_Release(&self->private_view);
    if (self->has_public) PyBuffer_Release(&self->public_view);
    for (int i = 0; i < N_KINDS; i++) {
        Py_XDECREF(self->kinds[i]);
        Py_XDECREF(self->amounts[i]);
    }
    Py_XDECREF(self->seat_name);
    Py_XDECREF(self->cards_name);
    Py_XDECREF(self->cards_of);
    Py_XDECREF(self->folded_name);
    Py_XDECREF(self->stacks);
    Py_XDECREF(self->bets);
    Py_XDECREF(self->contributions);
    Py_XDECREF(self->all_in);
    Py_XDECREF(self->pot);
    Py_XDECREF(self->to_act);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* An int in 0..limit-1, or -1 with an exception set. */
static int small_int(PyObject *obj, int limit, const char *what) {
    long x = PyLong_AsLong(obj);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (x < 0 || x >= limit) {
        PyErr_Format(PyExc_ValueError, "%s %ld out of range", what, x);
        return -1;
    }
    return (int)x;
}

static int Recorder_init(Recorder *self, PyObject *args, PyObject *kwds) {
    PyObject *private_bytes, *public_bytes, *layout, *kinds, *amounts, *summary;
    double scale;
    static char *names[] = {"private", "public", "layout", "kinds", "amounts", "summary", "scale",
                            NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOOd", names, &private_bytes,
                                     &public_bytes, &layout, &kinds, &amounts, &summary, &scale))
        return -1;
    if (self->has_private || self->has_public) {
        PyErr_SetString(PyExc_TypeError, "a Recorder is made once");
        return -1;
    }
    if (!PyTuple_Check(layout) || PyTuple_GET_SIZE(layout) != N_LAYOUT) {
        PyErr_Format(PyExc_ValueError, "layout must be a tuple of %d ints", N_LAYOUT);
        return -1;
    }
    if (!PyTuple_Check(kinds) || PyTuple_GET_SIZE(kinds) != N_KINDS) {
        PyErr_Format(PyExc_ValueError, "kinds must be a tuple of %d event classes", N_KINDS);
        return -1;
    }
    if (!PyTuple_Check(amounts) || PyTuple_GET_SIZE(amounts) != N_KINDS) {
        PyErr_Format(PyExc_ValueError, "amounts must be a tuple of %d field names or None",
                     N_KINDS);
        return -1;
    }
    if (!PyTuple_Check(summary) || PyTuple_GET_SIZE(summary) != 5) {
        PyErr_SetString(PyExc_ValueError, "summary must give the column of the five actions");
        return -1;
    }
    for (int i = 0; i < 5; i++) {
        self->summary_of[i] = small_int(PyTuple_GET_ITEM(summary, i), 4, "summary column");
        if (self->summary_of[i] < 0) return -1;
    }
    int v[N_LAYOUT];
    for (int i = 0; i < N_LAYOUT; i++) {
        long x = PyLong_AsLong(PyTuple_GET_ITEM(layout, i));
        if (x == -1 && PyErr_Occurred()) return -1;
        if (x < 0 || x > (1 << 24)) {
            PyErr_Format(PyExc_ValueError, "layout entry %d out of range: %ld", i, x);
            return -1;
        }
        v[i] = (int)x;
    }
    int *fields[N_LAYOUT] = {
        &self->players, &self->private_size, &self->hand_size, &self->draws, &self->history,
        &self->rows, &self->row, &self->draw_width, &self->set, &self->dealt, &self->mine, &self->turn,
        &self->cards, &self->counts,
        &self->summary, &self->folded, &self->stacks_at, &self->bets_at, &self->contrib_at,
        &self->all_in_at, &self->pot_at, &self->to_act_at, &self->round_at, &self->shown,
    };
    for (int i = 0; i < N_LAYOUT; i++) *fields[i] = v[i];
    if (self->players < 1 || self->players > MAX_SEATS || self->hand_size < 1 ||
        self->hand_size > 64 || self->rows < 1 || self->row != self->players + 7) {
        PyErr_SetString(PyExc_ValueError, "players must be 1..16, hand_size 1..64, and a history "
                                          "row a seat, six kinds and an amount");
        return -1;
    }
    if (PyObject_GetBuffer(private_bytes, &self->private_view, PyBUF_WRITABLE) < 0) return -1;
    self->has_private = 1;
    if (PyObject_GetBuffer(public_bytes, &self->public_view, PyBUF_WRITABLE) < 0) return -1;
    self->has_public = 1;
    if (self->private_view.len != 4 * (Py_ssize_t)self->players * self->private_size) {
        PyErr_SetString(PyExc_ValueError, "the private blocks do not match the layout");
        return -1;
    }
    /* the furthest public entry the layout names: the shown cards end the block but one */
    if (self->public_view.len < 4 * ((Py_ssize_t)self->shown + 52 * self->players)) {
        PyErr_SetString(PyExc_ValueError, "the public block does not match the layout");
        return -1;
    }
    for (int i = 0; i < N_KINDS; i++) {
        self->kinds[i] = Py_NewRef(PyTuple_GET_ITEM(kinds, i));
        self->amounts[i] = Py_NewRef(PyTuple_GET_ITEM(amounts, i));
    }
    self->seat_name = PyUnicode_InternFromString("seat");
    self->cards_name = PyUnicode_InternFromString("cards");
    self->cards_of = PyUnicode_InternFromString("cards_of");
    self->folded_name = PyUnicode_InternFromString("folded");
    self->stacks = PyUnicode_InternFromString("stacks");
    self->bets = PyUnicode_InternFromString("bets");
    self->contributions = PyUnicode_InternFromString("contributions");
    self->all_in = PyUnicode_InternFromString("all_in");
    self->pot = PyUnicode_InternFromString("pot");
    self->to_act = PyUnicode_InternFromString("to_act");
    if (!self->cards_of || !self->folded_name || !self->stacks || !self->bets || !self->contributions ||
        !self->all_in || !self->pot || !self->to_act)
        return -1;
    self->scale = scale;
    self->street = self->draw = 0;
    self->pointed = -1;
    self->n_seats = 0;
    return 0;
}

/* Whether the recorder was made (its blocks held) and its state is in range; else an error. */
static int ready(Recorder *self) {
    if (!self->has_private || !self->has_public) {
        PyErr_SetString(PyExc_TypeError, "this Recorder was not initialised");
        return 0;
    }
    if (self->street < 0 || self->street > self->draws || self->draw < 0 ||
        self->draw > self->draws || self->pointed < -1 || self->pointed >= self->players) {
        PyErr_SetString(PyExc_ValueError, "the recorder's street, draw or pointed is out of range");
        return 0;
    }
    return 1;
}

/* The table seat of hand seat ``obj``. */
static int table_seat(Recorder *self, PyObject *obj) {
    int i = small_int(obj, self->n_seats, "hand seat");
    return i < 0 ? -1 : self->seats[i];
}

/* Item ``i`` of a tuple-valued attribute of the hand, as a double (-1.0 and an error set). */
static int item_of(PyObject *hand, PyObject *name, int i, double *out) {
    PyObject *seq = PyObject_GetAttr(hand, name);
    if (seq == NULL) return -1;
    PyObject *item = PySequence_GetItem(seq, i);
    Py_DECREF(seq);
    if (item == NULL) return -1;
    *out = PyLong_AsDouble(item);
    Py_DECREF(item);
    return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

static int write_cards(Recorder *self, PyObject *hand, PyObject *hand_seat, int seat) {
    /* the seat's cards in sorted order: one-hot rank and suit per position, and its set */
    PyObject *held = PyObject_CallMethodOneArg(hand, self->cards_of, hand_seat);
    if (held == NULL) return -1;
    PyObject *fast = PySequence_Fast(held, "cards_of must give a sequence");
    Py_DECREF(held);
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > self->hand_size) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "more cards than a hand holds");
        return -1;
    }
    int ordered[64];
    for (Py_ssize_t i = 0; i < n; i++) {
        int card = small_int(PySequence_Fast_GET_ITEM(fast, i), 52, "card");
        if (card < 0) {
            Py_DECREF(fast);
            return -1;
        }
        Py_ssize_t j = i; /* insertion sort: at most a hand of cards */
        while (j > 0 && ordered[j - 1] > card) {
            ordered[j] = ordered[j - 1];
            j--;
        }
        ordered[j] = card;
    }
    Py_DECREF(fast);
    float *block = (float *)self->private_view.buf + (Py_ssize_t)seat * self->private_size;
    memset(block + self->set, 0, 52 * sizeof(float));
    for (Py_ssize_t i = 0; i < n; i++) {
        float *position = block + self->cards + 17 * i;
        memset(position, 0, 17 * sizeof(float));
        position[ordered[i] >> 2] = 1.0f;
        position[13 + (ordered[i] & 3)] = 1.0f;
        block[self->set + ordered[i]] = 1.0f;
    }
    return 0;
}

static void round_to(Recorder *self, int index) {
    float *pub = (float *)self->public_view.buf;
    memset(pub + self->round_at, 0, (2 * self->draws + 1) * sizeof(float));
    pub[self->round_at + index] = 1.0f;
}

/* Every seat's chips, folds and all-ins, the pot and the turn marker, from the hand. */
static int refresh(Recorder *self, PyObject *hand) {
    float *pub = (float *)self->public_view.buf;
    PyObject *names[3] = {self->stacks, self->bets, self->contributions};
    int at[3] = {self->stacks_at, self->bets_at, self->contrib_at};
    for (int k = 0; k < 3; k++) {
        PyObject *seq = PyObject_GetAttr(hand, names[k]);
        if (seq == NULL) return -1;
        PyObject *fast = PySequence_Fast(seq, "the hand's chips must be a sequence");
        Py_DECREF(seq);
        if (fast == NULL) return -1;
        if (PySequence_Fast_GET_SIZE(fast) != self->n_seats) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "the hand's seats are not the observer's");
            return -1;
        }
        for (int i = 0; i < self->n_seats; i++) {
            double value = PyLong_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
            if (value == -1.0 && PyErr_Occurred()) {
                Py_DECREF(fast);
                return -1;
            }
            pub[at[k] + self->seats[i]] = (float)(value * self->scale);
        }
        Py_DECREF(fast);
    }
    PyObject *flags[2] = {self->folded_name, self->all_in};
    int flag_at[2] = {self->folded, self->all_in_at};
    for (int i = 0; i < self->n_seats; i++) {
        PyObject *index = PyLong_FromLong(i);
        if (index == NULL) return -1;
        for (int k = 0; k < 2; k++) {
            PyObject *truth = PyObject_CallMethodOneArg(hand, flags[k], index);
            if (truth == NULL) {
                Py_DECREF(index);
                return -1;
            }
            int yes = PyObject_IsTrue(truth);
            Py_DECREF(truth);
            if (yes < 0) {
                Py_DECREF(index);
                return -1;
            }
            pub[flag_at[k] + self->seats[i]] = yes ? 1.0f : 0.0f;
        }
        Py_DECREF(index);
    }
    PyObject *pot = PyObject_GetAttr(hand, self->pot);
    if (pot == NULL) return -1;
    double value = PyLong_AsDouble(pot);
    Py_DECREF(pot);
    if (value == -1.0 && PyErr_Occurred()) return -1;
    pub[self->pot_at] = (float)(value * self->scale);
    return 0;
}

/* The turn marker: off the seat it was on, onto the seat to act (if any). */
static int point(Recorder *self, PyObject *hand) {
    float *pub = (float *)self->public_view.buf;
    if (self->pointed >= 0) pub[self->to_act_at + self->pointed] = 0.0f;
    PyObject *to_act = PyObject_GetAttr(hand, self->to_act);
    if (to_act == NULL) return -1;
    if (to_act == Py_None) {
        self->pointed = -1;
    } else {
        int seat = table_seat(self, to_act);
        if (seat < 0) {
            Py_DECREF(to_act);
            return -1;
        }
        self->pointed = seat;
        pub[self->to_act_at + seat] = 1.0f;
    }
    Py_DECREF(to_act);
    return 0;
}

static PyObject *Recorder_record(Recorder *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "record(hand, events)");
        return NULL;
    }
    if (!ready(self)) return NULL;
    PyObject *hand = args[0];
    PyObject *events = PySequence_Fast(args[1], "events must be a sequence");
    if (events == NULL) return NULL;
    float *pub = (float *)self->public_view.buf;
    float *priv = (float *)self->private_view.buf;
    const int p = self->players, row = self->row;
    int moved = -1; /* the hand seat whose chips moved */
    int full = 0, new_round = 0;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(events);
    for (Py_ssize_t e = 0; e < count; e++) {
        PyObject *event = PySequence_Fast_GET_ITEM(events, e);
        PyObject *kind = (PyObject *)Py_TYPE(event);
        int code = -1;
        for (int k = 0; k < N_KINDS; k++) {
            if (kind == self->kinds[k]) {
                code = k;
                break;
            }
        }
        if (code < 0 && !PyObject_HasAttr(event, self->seat_name)) {
            PyErr_SetString(PyExc_TypeError, "an event must be one of the engine's Event classes");
            goto fail;
        }
        long amount = 0;
        if (code >= 0 && self->amounts[code] != Py_None) {
            PyObject *number = PyObject_GetAttr(event, self->amounts[code]);
            if (number == NULL) goto fail;
            amount = PyLong_AsLong(number);
            Py_DECREF(number);
            if (amount == -1 && PyErr_Occurred()) goto fail;
        }
        if (code >= 0 && code <= K_DISCARD) {
            PyObject *hand_seat = PyObject_GetAttr(event, self->seat_name);
            if (hand_seat == NULL) goto fail;
            Py_DECREF(hand_seat); /* the event holds it */
            int i = small_int(hand_seat, self->n_seats, "hand seat");
            if (i < 0) goto fail;
            int seat = self->seats[i];
            /* the history: every row down one, this action on top */
            float *top = pub + self->history;
            memmove(top + row, top, (size_t)(self->rows - 1) * row * sizeof(float));
            memset(top, 0, row * sizeof(float));
            top[seat] = 1.0f;
            top[p + code] = 1.0f;
            if (code == K_DISCARD) {
                if (self->draw < 1 || amount < 0 || amount > self->draw_width - 2) {
                    PyErr_SetString(PyExc_ValueError, "a discard outside a draw");
                    goto fail;
                }
                top[row - 1] = (float)((double)amount / self->hand_size);
                int at = self->counts + ((self->draw - 1) * p + seat) * self->draw_width;
                pub[at + 1 + amount] = 1.0f;
                if (amount) { /* standing pat leaves the seat's cards as they were */
                    PyObject *cards = PyObject_GetAttr(event, self->cards_name);
                    if (cards == NULL) goto fail;
                    PyObject *fast = PySequence_Fast(cards, "an event's cards");
                    Py_DECREF(cards);
                    if (fast == NULL) goto fail;
                    float *mine = priv + (Py_ssize_t)seat * self->private_size + self->mine;
                    for (Py_ssize_t c = 0; c < PySequence_Fast_GET_SIZE(fast); c++) {
                        int card = small_int(PySequence_Fast_GET_ITEM(fast, c), 52, "card");
                        if (card < 0) {
                            Py_DECREF(fast);
                            goto fail;
                        }
                        mine[card] = 1.0f; /* only the discarder's own event names them */
                    }
                    Py_DECREF(fast);
                    if (write_cards(self, hand, hand_seat, seat) < 0) goto fail;
                }
                continue;
            }
            top[row - 1] = (float)((double)amount * self->scale);
            float *summary = pub + self->summary + (self->street * p + seat) * 4 +
                             self->summary_of[code];
            if (*summary < COUNT_CAP) *summary = (float)((double)*summary + 1.0);
            if (code == K_FOLD) {
                pub[self->folded + seat] = 1.0f; /* no chips move; it was not all-in */
            } else if (code != K_CHECK) {
                moved = i;
            }
        } else if (code == K_STREET) {
            if (amount < 0 || amount > self->draws) goto bad_round;
            new_round = 1; /* the bets in front went to the pot */
            self->street = (int)amount;
            round_to(self, 2 * (int)amount);
        } else if (code == K_DRAW) {
            if (amount < 1 || amount > self->draws) goto bad_round;
            new_round = 1;
            self->draw = (int)amount;
            round_to(self, 2 * (int)amount - 1);
        } else if (code == K_BURN) {
            new_round = 1;
        } else {
            full = 1; /* posts, returns and wins move chips of several seats */
            if (code == K_SHOW) {
                PyObject *hand_seat = PyObject_GetAttr(event, self->seat_name);
                if (hand_seat == NULL) goto fail;
                int seat = table_seat(self, hand_seat);
                Py_DECREF(hand_seat);
                if (seat < 0) goto fail;
                PyObject *cards = PyObject_GetAttr(event, self->cards_name);
                if (cards == NULL) goto fail;
                PyObject *fast = PySequence_Fast(cards, "an event's cards");
                Py_DECREF(cards);
                if (fast == NULL) goto fail;
                float *shown = pub + self->shown + seat * 52;
                for (Py_ssize_t c = 0; c < PySequence_Fast_GET_SIZE(fast); c++) {
                    int card = small_int(PySequence_Fast_GET_ITEM(fast, c), 52, "card");
                    if (card < 0) {
                        Py_DECREF(fast);
                        goto fail;
                    }
                    shown[card] = 1.0f;
                }
                Py_DECREF(fast);
            }
        }
    }
    Py_DECREF(events);
    if (full) { /* posts, returns and wins: every seat's chips */
        if (refresh(self, hand) < 0 || point(self, hand) < 0) return NULL;
        Py_RETURN_NONE;
    }
    double value;
    if (moved >= 0) { /* one seat's bet, raise or call: its chips */
        int seat = self->seats[moved];
        if (item_of(hand, self->stacks, moved, &value) < 0) return NULL;
        pub[self->stacks_at + seat] = (float)(value * self->scale);
        if (item_of(hand, self->bets, moved, &value) < 0) return NULL;
        pub[self->bets_at + seat] = (float)(value * self->scale);
        if (item_of(hand, self->contributions, moved, &value) < 0) return NULL;
        pub[self->contrib_at + seat] = (float)(value * self->scale);
        PyObject *index = PyLong_FromLong(moved);
        if (index == NULL) return NULL;
        PyObject *all_in = PyObject_CallMethodOneArg(hand, self->all_in, index);
        Py_DECREF(index);
        if (all_in == NULL) return NULL;
        int truth = PyObject_IsTrue(all_in);
        Py_DECREF(all_in);
        if (truth < 0) return NULL;
        pub[self->all_in_at + seat] = truth ? 1.0f : 0.0f;
    }
    if (new_round) { /* a betting round ended: every bet in front went into the pot */
        for (int i = 0; i < self->n_seats; i++) pub[self->bets_at + self->seats[i]] = 0.0f;
    }
    if (moved >= 0 || new_round) {
        PyObject *pot = PyObject_GetAttr(hand, self->pot);
        if (pot == NULL) return NULL;
        value = PyLong_AsDouble(pot);
        Py_DECREF(pot);
        if (value == -1.0 && PyErr_Occurred()) return NULL;
        pub[self->pot_at] = (float)(value * self->scale);
    }
    if (point(self, hand) < 0) return NULL;
    Py_RETURN_NONE;
bad_round:
    PyErr_SetString(PyExc_ValueError, "a betting round or draw the game does not have");
fail:
    Py_DECREF(events);
    return NULL;
}

static PyObject *Recorder_set_seats(Recorder *self, PyObject *seats) {
    if (!ready(self)) return NULL;
    PyObject *fast = PySequence_Fast(seats, "seats must be a sequence");
    if (fast == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n < 1 || n > self->players) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "one to players seats");
        return NULL;
    }
    int found[MAX_SEATS];
    for (Py_ssize_t i = 0; i < n; i++) {
        found[i] = small_int(PySequence_Fast_GET_ITEM(fast, i), self->players, "seat");
        if (found[i] < 0) {
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    memcpy(self->seats, found, n * sizeof(int));
    self->n_seats = (int)n;
    Py_RETURN_NONE;
}

static PyObject *Recorder_block(Recorder *self, PyObject *const *args, Py_ssize_t nargs) {
    /* a new bytearray: seat args[0]'s private block, then the public block; with three more
       ints (what a call costs, the smallest and largest bet "to") it is the seat's turn */
    if (nargs != 1 && nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "block(seat[, to_call, min_to, max_to])");
        return NULL;
    }
    if (!ready(self)) return NULL;
    int seat = small_int(args[0], self->players, "seat");
    if (seat < 0) return NULL;
    float *block = (float *)self->private_view.buf + (Py_ssize_t)seat * self->private_size;
    float *turn = block + self->turn;
    if (nargs == 4) {
        double amounts[3];
        for (int i = 0; i < 3; i++) {
            amounts[i] = PyLong_AsDouble(args[1 + i]);
            if (amounts[i] == -1.0 && PyErr_Occurred()) return NULL;
        }
        turn[0] = 1.0f;
        for (int i = 0; i < 3; i++) turn[1 + i] = (float)(amounts[i] * self->scale);
    } else if (turn[0] != 0.0f) {
        memset(turn, 0, 4 * sizeof(float));
    }
    Py_ssize_t width = 4 * (Py_ssize_t)self->private_size;
    Py_ssize_t public = self->public_view.len;
    PyObject *out = PyByteArray_FromStringAndSize(NULL, width + public);
    if (out == NULL) return NULL;
    char *buf = PyByteArray_AS_STRING(out);
    memcpy(buf, block, width);
    memcpy(buf + width, self->public_view.buf, public);
    return out;
}

static PyObject *Recorder_deal(Recorder *self, PyObject *hand) {
    if (!ready(self)) return NULL;
    /* every hand seat's cards, and the dealt set a copy of the card set */
    for (int i = 0; i < self->n_seats; i++) {
        PyObject *index = PyLong_FromLong(i);
        if (index == NULL) return NULL;
        int failed = write_cards(self, hand, index, self->seats[i]);
        Py_DECREF(index);
        if (failed) return NULL;
        float *block = (float *)self->private_view.buf +
                       (Py_ssize_t)self->seats[i] * self->private_size;
        memcpy(block + self->dealt, block + self->set, 52 * sizeof(float));
    }
    Py_RETURN_NONE;
}

static PyMethodDef Recorder_methods[] = {
    {"record", (PyCFunction)(void (*)(void))Recorder_record, METH_FASTCALL,
     "record(hand, events): take in the events of one Hand.apply."},
    {"set_seats", (PyCFunction)Recorder_set_seats, METH_O,
     "set_seats(seats): the table seat of each hand seat, for a new hand."},
    {"block", (PyCFunction)(void (*)(void))Recorder_block, METH_FASTCALL,
     "block(seat[, to_call, min_to, max_to]) -> bytearray: the seat's private block (its turn "
     "data written first) and the public block, joined."},
    {"deal", (PyCFunction)Recorder_deal, METH_O,
     "deal(hand): every hand seat's cards written, and its dealt set."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Recorder_members[] = {
    {"street", T_INT, offsetof(Recorder, street), 0, "The betting round (0 first)."},
    {"draw", T_INT, offsetof(Recorder, draw), 0, "The draw (0 before the first)."},
    {"pointed", T_INT, offsetof(Recorder, pointed), 0,
     "The table seat marked to act (-1: none)."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject RecorderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "standpat._native.observer.Recorder",
    .tp_doc = "The event updates of a PokerObserver, in C.",
    .tp_basicsize = sizeof(Recorder),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Recorder_init,
    .tp_dealloc = (destructor)Recorder_dealloc,
    .tp_methods = Recorder_methods,
    .tp_members = Recorder_members,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "observer", "C event updates of standpat's poker observer.", -1,
    NULL,
};

PyMODINIT_FUNC PyInit_observer(void) {
    if (PyType_Ready(&RecorderType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "Recorder", (PyObject *)&RecorderType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
