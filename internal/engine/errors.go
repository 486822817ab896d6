package engine

import (
	"errors"
	"fmt"
)

// RuleError is a refusal: the action breaks a rule. Rule is the rule id in the
// ruleset the module plays (for TI4, an LRR number such as "25.2"); Reason
// says what was wrong in plain words. A refused action changes nothing.
type RuleError struct {
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return e.Reason
	}
	return fmt.Sprintf("rule %s: %s", e.Rule, e.Reason)
}

// Refuse builds a RuleError.
func Refuse(rule, format string, args ...any) *RuleError {
	return &RuleError{Rule: rule, Reason: fmt.Sprintf(format, args...)}
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
