package engine

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// RNG is the only source of randomness in a game. Its full state is
// serialisable, so a game's state, RNG included, can be stored and replayed
// to the same bytes.
type RNG struct {
	pcg rand.PCG
}

// NewRNG seeds a generator. The same seed always yields the same sequence.
func NewRNG(seed uint64) RNG {
	return RNG{pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
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
func (r *RNG) Die() int { return r.IntN(10) + 1 }

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
	return json.Marshal(hex.EncodeToString(b))
}

// UnmarshalJSON restores a state written by MarshalJSON.
func (r *RNG) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("rng: %w", err)
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
