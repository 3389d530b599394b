package libsvm

import (
	"errors"
	"strings"
	"testing"
)

func TestReadMalformed(t *testing.T) {
	const ok = "+1 1:0.5 3:2\n" // a valid line, to push errors further down
	for _, tc := range []struct {
		name  string
		text  string
		want  error
		line  int
		token string
	}{
		{"bad value", ok + "-1 3:abc\n", ErrValue, 2, "3:abc"},
		{"value with junk", "1 2:1e5x\n", ErrValue, 1, "2:1e5x"},
		{"value with second colon", "1 1:1:2\n", ErrValue, 1, "1:1:2"},
		{"NaN value", ok + ok + "1 3:NaN\n", ErrValue, 3, "3:NaN"},
		{"infinite value", "1 3:-Inf\n", ErrValue, 1, "3:-Inf"},
		{"overflowing value", "1 3:1e999\n", ErrValue, 1, "3:1e999"},
		{"bad value after space", "1 3: x\n", ErrValue, 1, "3: x"},
		{"digit separator", "1 1:1_000\n", ErrValue, 1, "1:1_000"},
		{"hexadecimal value", "+1 1:0x1p-1\n", ErrValue, 1, "1:0x1p-1"},
		{"hexadecimal integer", "+1 1:0x10\n", ErrValue, 1, "1:0x10"},
		{"exponent without digits", "+1 1:1e\n", ErrValue, 1, "1:1e"},
		{"lone dot", "+1 1:.\n", ErrValue, 1, "1:."},
		{"spelled-out infinity", "+1 1:infinity\n", ErrValue, 1, "1:infinity"},
		{"hexadecimal label", "0x1 1:1\n", ErrLabel, 1, "0x1"},
		{"label with separator", "1_0 1:1\n", ErrLabel, 1, "1_0"},
		{"index zero", "\n\n1 0:1\n", ErrIndex, 3, "0:1"},
		{"negative index", "1 -2:1\n", ErrIndex, 1, "-2:1"},
		{"index not a number", "1 x:1\n", ErrIndex, 1, "x:1"},
		{"fractional index", "1 1.5:1\n", ErrIndex, 1, "1.5:1"},
		{"index too large for int32", "1 2147483648:1\n", ErrIndex, 1, "2147483648:1"},
		{"index overflowing int64", "1 99999999999999999999999:1\n", ErrIndex, 1, "99999999999999999999999:1"},
		{"repeated index", ok + "1 3:1 3:2\n", ErrIndex, 2, "3:2"},
		{"decreasing index", "1 4:1 3:2\n", ErrIndex, 1, "3:2"},
		{"decreasing after a zero", "1 4:0 3:2\n", ErrIndex, 1, "3:2"},
		{"NaN label", "nan 3:1\n", ErrLabel, 1, "nan"},
		{"infinite label", ok + "+Inf 1:1\n", ErrLabel, 2, "+Inf"},
		{"label not a number", "abc 1:1\n", ErrLabel, 1, "abc"},
		{"multi-label list", "1,2 1:1\n", ErrLabel, 1, "1,2"},
		{"missing label", ok + "# comment\n3:1 4:1\n", ErrLabel, 3, "3:1"},
		{"token without colon", "1 3\n", ErrSyntax, 1, "3"},
		{"space before colon", "1 3 :1\n", ErrSyntax, 1, "3"},
		{"empty index", ok + "1 :3\n", ErrSyntax, 2, ":3"},
		{"empty value at end", "1 3:\n", ErrSyntax, 1, "3:"},
		{"empty value before a feature", "1 3: 4:1\n", ErrSyntax, 1, "3:"},
		{"empty value before a comment", "1 3: # note\n", ErrSyntax, 1, "3:"},
		{"CRLF error line", "1 1:1\r\n1 1:1\r\n1 2:z\r\n", ErrValue, 3, "2:z"},
		{"line too long", ok + "1 1:" + strings.Repeat("1", 200) + "\n", ErrLineTooLong, 2, ""},
		{"empty file", "", ErrEmpty, 0, ""},
		{"only comments and blanks", "# nothing\n\n   \r\n#\n", ErrEmpty, 0, ""},
		{"multi-class", "1 1:1\n2 1:1\n3 1:1\n", ErrMultiClass, 0, ""},
		{"xz file", "\xfd7zXZ\x00\x00", ErrUnsupported, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ds, err := Read(strings.NewReader(tc.text), Options{Name: "bad.svm", MaxLineBytes: 100})
			if err == nil {
				t.Fatalf("accepted %q as %+v", tc.text, ds)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v (%T), want a *ParseError", err, err)
			}
			if !errors.Is(err, tc.want) || pe.Line != tc.line || pe.Token != tc.token || pe.File != "bad.svm" {
				t.Errorf("err = %q (line %d, token %q), want %v on line %d, token %q",
					err, pe.Line, pe.Token, tc.want, tc.line, tc.token)
			}
			if !strings.HasPrefix(err.Error(), "bad.svm: ") {
				t.Errorf("message %q does not start with the file name", err)
			}
		})
	}
}

func TestParseErrorMessage(t *testing.T) {
	text := strings.Repeat("-1 1:1 5:1\n", 11) + "+1 3:abc\n"
	_, err := Read(strings.NewReader(text), Options{Name: "w8a.gz"})
	if want := `w8a.gz: line 12: token "3:abc": invalid value`; err == nil || err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = Read(strings.NewReader("1 1:1\n1 2:"+strings.Repeat("9", 100)+"x\n"), Options{})
	var pe *ParseError
	if !errors.As(err, &pe) || len(pe.Token) != maxTokenBytes+len("...") || !strings.HasPrefix(err.Error(), "line 2: token \"2:999") {
		t.Errorf("long token: %v, want it truncated to %d bytes and no file prefix", err, maxTokenBytes)
	}
}
