package setup

import (
	"errors"
	"strconv"
	"strings"
)

// The link's query syntax, key=value pairs joined by '&' with keys and
// values escaped as in an HTML form (application/x-www-form-urlencoded),
// written here with the rules of net/url's QueryEscape, QueryUnescape and
// ParseQuery: net/url would bring net/netip, unique and internal/godebug
// into main.wasm, 116 kB of it and 26 kB of its gzip, for these three.

const upperHex = "0123456789ABCDEF"

// queryEscape escapes s for a query key or value: letters, digits and
// "-_.~" stay, a space becomes '+', every other byte %XX.
func queryEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_', c == '.', c == '~':
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		}
	}
	return b.String()
}

// queryUnescape undoes queryEscape: '+' is a space and %XX a byte; a '%'
// without two hex digits after it is an error.
func queryUnescape(s string) (string, error) {
	if !strings.ContainsAny(s, "%+") {
		return s, nil
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '+':
			b = append(b, ' ')
		case '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				bad := s[i:]
				if len(bad) > 3 {
					bad = bad[:3]
				}
				return "", errors.New("invalid URL escape " + strconv.Quote(bad))
			}
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			b = append(b, s[i])
		}
	}
	return string(b), nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// parseQuery reads key=value pairs joined by '&' into a map of every
// value of each key, in order. It reads all it can and returns the first
// error: a pair with a ';' in it, or a bad escape.
func parseQuery(query string) (map[string][]string, error) {
	m := make(map[string][]string)
	var err error
	for query != "" {
		var pair string
		pair, query, _ = strings.Cut(query, "&")
		if strings.Contains(pair, ";") {
			if err == nil {
				err = errors.New("invalid semicolon separator in query")
			}
			continue
		}
		if pair == "" {
			continue
		}
		key, value, _ := strings.Cut(pair, "=")
		key, err1 := queryUnescape(key)
		if err1 == nil {
			value, err1 = queryUnescape(value)
		}
		if err1 != nil {
			if err == nil {
				err = err1
			}
			continue
		}
		m[key] = append(m[key], value)
	}
	return m, err
}
