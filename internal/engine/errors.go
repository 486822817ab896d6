package engine

import (
	"encoding/json"
	"errors"
	"fmt"
)

// RuleError is a refusal: the action breaks a rule. Rule is the rule id in the
// ruleset the module plays (for TI4, an LRR number such as "25.2"); the
// reason says what was wrong in plain words. A refused action changes
// nothing. The reason is formatted only when asked for: legal-move
// generation makes and drops many refusals.
type RuleError struct {
	Rule   string
	format string
	args   []any
}

// Reason is the refusal in plain words.
func (e *RuleError) Reason() string { return fmt.Sprintf(e.format, e.args...) }

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return e.Reason()
	}
	return "rule " + e.Rule + ": " + e.Reason()
}

// MarshalJSON writes {"rule", "reason"}.
func (e *RuleError) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Rule   string `json:"rule"`
		Reason string `json:"reason"`
	}{e.Rule, e.Reason()})
}

// Refuse builds a RuleError.
func Refuse(rule, format string, args ...any) *RuleError {
	return &RuleError{Rule: rule, format: format, args: args}
}

// RuleOf returns the rule id carried by err, or "" when err is not a refusal.
func RuleOf(err error) string {
	var re *RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}

// InputError reports an action that could not be understood at all
// (unknown kind, unknown id, malformed field). It carries no rule.
type InputError struct {
	Field  string `json:"field,omitempty"`
	Reason string `json:"reason"`
}

func (e *InputError) Error() string {
	if e.Field == "" {
		return "bad input: " + e.Reason
	}
	return fmt.Sprintf("bad input: %s: %s", e.Field, e.Reason)
}

// BadInput builds an InputError.
func BadInput(field, format string, args ...any) *InputError {
	return &InputError{Field: field, Reason: fmt.Sprintf(format, args...)}
}
