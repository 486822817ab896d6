package ge

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// MaxActionBytes bounds an action's encoding; an action names at most
// maxList cards or firers.
const (
	MaxActionBytes = 4096
	maxList        = 16
)

// DecodeAction reads one action from JSON, strictly: unknown fields,
// trailing data and over-long lists are refused.
func DecodeAction(b []byte) (Action, error) {
	var a Action
	if len(b) > MaxActionBytes {
		return a, fmt.Errorf("an action is at most %d bytes", MaxActionBytes)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&a); err != nil {
		return Action{}, err
	}
	if d.More() {
		return Action{}, fmt.Errorf("data after the action")
	}
	if len(a.Cards) > maxList || len(a.Firers) > maxList {
		return Action{}, fmt.Errorf("at most %d cards or firers", maxList)
	}
	if _, ok := deciders[a.Kind]; !ok {
		return Action{}, fmt.Errorf("unknown action %q", a.Kind)
	}
	return a, nil
}
