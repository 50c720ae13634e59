package variables

import (
	"strconv"
	"strings"

	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/lint"
)

// isDefaultOp reports the forms the contract documents (plus the plain ${VAR}).
func isDefaultOp(op string) bool { return op == "" || op == ":=" || op == "=" || op == ":-" }

// perUse runs the checks that look at one occurrence at a time.
func (c *checked) perUse() lint.Findings {
	var fs lint.Findings
	for _, f := range c.res.uses {
		u := f.use
		if u.Spaced {
			fs = append(fs, c.finding(RuleSpacing, lint.Warning, u.Line,
				"%s uses the deprecated spacing around the name; write ${%s}", u.Text, u.Name))
		}
		if u.InComment && !u.Nested {
			fs = append(fs, c.finding(RuleComment, lint.Warning, u.Line,
				"%s is in a comment but clusterctl substitutes comments too, so %s; escape it as $%s or remove it", u.Text, c.commentEffect(u.Name), u.Text))
		}
		if u.Nested && !c.top[u.Name] && !c.preset(u.Name) {
			fs = append(fs, c.finding(RuleNested, lint.Warning, u.Line,
				"%s is nested in another variable's default: clusterctl neither lists nor checks %s and renders it empty when unset; use a literal default", u.Text, u.Name))
		}
		if msg := emptyDefault(u); msg != "" && !c.preset(u.Name) {
			fs = append(fs, c.finding(RuleEmptyDefault, lint.Warning, u.Line, "%s", msg))
		}
		if c.kind == layout.KindComponents && !u.Nested && c.inImage(f) {
			fs = append(fs, c.finding(RuleImage, lint.Error, u.Line,
				"%s is in an image: clusterctl parses images before substitution, so generate provider --raw/--describe and init list-images fail with \"invalid reference format\"; write a fully qualified image and let users override it with the images: setting of clusterctl.yaml", u.Text))
		}
	}
	return fs
}

// commentEffect says what a variable in a comment does, by how clusterctl lists the
// name (its first top-level occurrence decides).
func (c *checked) commentEffect(name string) string {
	if c.preset(name) {
		return "clusterctl fills in " + name + " there (it sets it for every template)"
	}
	for _, f := range c.res.uses {
		if f.use.Name == name && !f.use.Nested {
			if f.use.HasDefault {
				return "clusterctl lists " + name + " as optional (default " + strconv.Quote(f.use.Default) + ") and renders its value there"
			}
			break
		}
	}
	return "users must set " + name + " (clusterctl lists it as required) even if only the comment uses it"
}

func emptyDefault(u Use) string {
	if u.Nested || u.Default != "" || u.Op == "" || !isDefaultOp(u.Op) {
		return ""
	}
	return u.Text + " has an empty default, so clusterctl still treats " + u.Name +
		" as required; write ${" + u.Name + "} or give a real default"
}

// preset reports whether clusterctl always sets name for this file.
func (c *checked) preset(name string) bool { return SetByClusterctl(name, c.kind) }

// topLevel lists the names used outside any other variable's default: clusterctl
// lists and checks those, so their nested uses are set too.
func topLevel(fs []found) map[string]bool {
	top := map[string]bool{}
	for _, f := range fs {
		if !f.use.Nested {
			top[f.use.Name] = true
		}
	}
	return top
}

func operator(u Use) string {
	switch {
	case isDefaultOp(u.Op):
		return ""
	case u.Op == ":?":
		return u.Text + ": clusterctl never fails on ${VAR:?message}, it uses the message as the default; write ${" + u.Name + "} to make it required"
	case u.Op == ":+":
		return u.Text + ": drone/envsubst renders the value when set and the alternative when unset (the opposite of a shell); write ${" + u.Name + ":=" + u.Default + "}"
	case u.Default != "":
		return u.Text + ": clusterctl lists " + u.Name + " as optional with the function's arguments " + quote(u.Default) +
			" as its default although nothing is substituted when it is unset; use ${" + u.Name + "} or ${" + u.Name + ":=default}"
	}
	return u.Text + ": string functions are not part of the clusterctl contract (${VAR}, ${VAR:=default}, ${VAR=default}, ${VAR:-default}); other tools may not handle them"
}

// inImage reports whether the occurrence sits in the value of an image: key,
// judged from its line: `image: ...` or `- image: ...` after optional indentation.
func (c *checked) inImage(f found) bool {
	line := c.src.lineText(f.use.Line)
	rest := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(rest, "- ") {
		rest = strings.TrimLeft(rest[2:], " \t")
	}
	if !strings.HasPrefix(rest, "image:") {
		return false
	}
	keyEnd := len(line) - len(rest) + len("image:")
	return f.off-c.src.lineStarts[f.use.Line-1] >= keyEnd
}
