package engine

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// RNG is the only source of randomness in a game. Its full state is
// serialisable, so a game's state, RNG included, can be stored and replayed
// to the same bytes.
//
// PCG is fast but not a cryptographic generator: enough of its outputs (the
// public dice) could in principle give away its state, and with it every
// later draw and shuffle. A keyed RNG (NewKeyedRNG, for games served to
// players) is therefore reseeded before each action from an HMAC of a
// secret key and the action's place in the log, so nothing seen up to one
// action tells anything about the next. The key is kept with the state,
// which is never sent to players.
type RNG struct {
	pcg rand.PCG
	key *[32]byte // nil for a plain seeded generator; never written once set
	// dice, when set, are the results the next ten-sided dice show, in
	// order (a scenario that fixes its dice); next is how many are used.
	// The list is shared by copies and never written.
	dice *[]int
	next int
}

// FixDice makes the next dice show these results, in order (each 1 to
// 10); once they are used up, dice are drawn as before. Shuffles and
// other draws are not affected.
func (r *RNG) FixDice(results []int) error {
	for i, d := range results {
		if d < 1 || d > 10 {
			return fmt.Errorf("rng: die %d shows %d; a die shows 1 to 10", i, d)
		}
	}
	c := slices.Clone(results)
	r.dice, r.next = &c, 0
	return nil
}

// NewRNG seeds a generator. The same seed always yields the same sequence.
func NewRNG(seed uint64) RNG {
	return RNG{pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// NewKeyedRNG is a generator whose every stream is derived from a secret
// key: the setup's (this one) and then each action's (see Reseed).
func NewKeyedRNG(key [32]byte) RNG {
	r := RNG{key: &key}
	r.Reseed(math.MaxUint64)
	return r
}

// Keyed reports whether the generator is reseeded from a key per action.
func (r *RNG) Keyed() bool { return r.key != nil }

// Reseed starts the stream of the action at index n of the log: for a keyed
// generator it is HMAC-SHA256(key, n); a plain one goes on unchanged.
func (r *RNG) Reseed(n uint64) {
	if r.key == nil {
		return
	}
	m := hmac.New(sha256.New, r.key[:])
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], n)
	m.Write(b[:])
	sum := m.Sum(nil)
	r.pcg.Seed(binary.BigEndian.Uint64(sum[:8]), binary.BigEndian.Uint64(sum[8:16]))
}

// Uint64 returns the next raw value.
func (r *RNG) Uint64() uint64 { return r.pcg.Uint64() }

// IntN returns a uniform value in [0, n), without modulo bias.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		panic("engine: IntN with n <= 0")
	}
	// Lemire's method, as math/rand/v2 does, kept local so that
	// no *rand.Rand (and no allocation) is needed per call.
	bound := uint64(n)
	for {
		x := r.pcg.Uint64()
		hi, lo := bits.Mul64(x, bound)
		if lo < bound {
			thresh := -bound % bound
			if lo < thresh {
				continue
			}
		}
		return int(hi)
	}
}

// Die rolls one ten-sided die, 1..10.
func (r *RNG) Die() int {
	if r.dice != nil && r.next < len(*r.dice) {
		r.next++
		return (*r.dice)[r.next-1]
	}
	return r.IntN(10) + 1
}

// Roll rolls one die of any number of sides, 1..sides: a d6 for a game
// that rolls those, a d10 as Die does (without its fixed test dice).
func (r *RNG) Roll(sides int) int { return r.IntN(sides) + 1 }

// Shuffle permutes n elements with Fisher-Yates.
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// MarshalJSON encodes the generator state as a hex string.
func (r RNG) MarshalJSON() ([]byte, error) {
	b, err := r.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	out := hex.EncodeToString(b)
	if r.key != nil {
		out += ":" + hex.EncodeToString(r.key[:])
	}
	if r.dice != nil && r.next < len(*r.dice) { // the fixed dice still to come
		var parts []string
		for _, d := range (*r.dice)[r.next:] {
			parts = append(parts, strconv.Itoa(d))
		}
		out += ";dice=" + strings.Join(parts, ",")
	}
	return json.Marshal(out)
}

// UnmarshalJSON restores a state written by MarshalJSON.
func (r *RNG) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	r.key, r.dice, r.next = nil, nil, 0
	if state, dice, ok := strings.Cut(s, ";dice="); ok {
		var d []int
		for _, f := range strings.Split(dice, ",") {
			n, err := strconv.Atoi(f)
			if err != nil {
				return fmt.Errorf("rng: dice: %w", err)
			}
			d = append(d, n)
		}
		if err := r.FixDice(d); err != nil {
			return err
		}
		s = state
	}
	if state, key, ok := strings.Cut(s, ":"); ok {
		k, err := hex.DecodeString(key)
		if err != nil || len(k) != 32 {
			return fmt.Errorf("rng: a key of 32 bytes in hex")
		}
		r.key = new([32]byte)
		copy(r.key[:], k)
		s = state
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return fmt.Errorf("rng: %w", err)
	}
	return r.pcg.UnmarshalBinary(b)
}

// Clone returns an independent copy of the generator in its current state.
func (r *RNG) Clone() *RNG {
	c := *r
	return &c
}
