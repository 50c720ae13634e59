package variables

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// FileVars is the inventory of one file.
type FileVars struct {
	File string `json:"file"`
	Vars []Var  `json:"variables"`
}

// WriteText writes clusterctl's --list-variables layout, per file:
//
//	cluster-template.yaml:
//	  Required Variables:
//	    - AWS_REGION     (lines 4, 9)
//	  Optional Variables:
//	    - CLUSTER_NAME   (set by clusterctl: the cluster name argument; line 3)
//	    - REGION         (defaults to "us-east-1"; line 6)
//
// Defaults are printed as clusterctl prints them (see clusterctlDefault).
func WriteText(w io.Writer, files []FileVars) error {
	var b strings.Builder
	for i, f := range files {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(f.File + ":\n")
		if len(f.Vars) == 0 {
			b.WriteString("  No variables.\n")
			continue
		}
		width := nameWidth(f.Vars)
		textSection(&b, "Required Variables:", f.Vars, true, width)
		textSection(&b, "Optional Variables:", f.Vars, false, width)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func textSection(b *strings.Builder, title string, vars []Var, required bool, width int) {
	wrote := false
	for _, v := range vars {
		if v.Required != required {
			continue
		}
		if !wrote {
			b.WriteString("  " + title + "\n")
			wrote = true
		}
		note := linesText(v.Lines)
		switch {
		case v.SetByClusterctl:
			note = "set by clusterctl: " + presetHow[v.Name] + "; " + note
		case !required:
			note = "defaults to " + clusterctlDefault(v.Default) + "; " + note
		}
		fmt.Fprintf(b, "    - %-*s (%s)\n", width, v.Name, note)
	}
}

// clusterctlDefault is a default as clusterctl generate cluster --list-variables
// prints it (printVariablesOutput): Go-quoted unless it already starts with a
// double quote, then as written.
func clusterctlDefault(d string) string {
	if strings.HasPrefix(d, `"`) {
		return d
	}
	return strconv.Quote(d)
}

func nameWidth(vars []Var) int {
	w := 0
	for _, v := range vars {
		w = max(w, len(v.Name))
	}
	return w
}

// linesText is "line 4" or "lines 4, 9".
func linesText(lines []int) string {
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = strconv.Itoa(l)
	}
	if len(lines) == 1 {
		return "line " + parts[0]
	}
	return "lines " + strings.Join(parts, ", ")
}

// WriteMarkdown writes the user-facing table the contract asks providers to
// publish: per file a heading and | Variable | Required | Default | Used at |.
func WriteMarkdown(w io.Writer, files []FileVars) error {
	var b strings.Builder
	for i, f := range files {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("## " + mdEscape(f.File) + "\n\n")
		if len(f.Vars) == 0 {
			b.WriteString("No variables.\n")
			continue
		}
		b.WriteString("| Variable | Required | Default | Used at |\n|---|---|---|---|\n")
		for _, v := range f.Vars {
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", v.Name, mdRequired(v), mdDefault(v), linesText(v.Lines))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// mdRequired is "yes", "no" or "set by clusterctl".
func mdRequired(v Var) string {
	switch {
	case v.SetByClusterctl:
		return "set by clusterctl"
	case v.Required:
		return "yes"
	}
	return "no"
}

// mdDefault shows a default as clusterctl prints it, in a code span, "|" and line
// breaks escaped for the table; for the variables clusterctl sets, where their
// value comes from.
func mdDefault(v Var) string {
	if v.SetByClusterctl {
		return mdEscape(presetHow[v.Name])
	}
	if v.Required {
		return ""
	}
	q := strings.ReplaceAll(clusterctlDefault(v.Default), "\n", `\n`)
	if strings.Contains(q, "`") {
		return "`` " + mdEscape(q) + " ``"
	}
	return "`" + mdEscape(q) + "`"
}

func mdEscape(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// WriteJSON writes the inventory as an indented JSON array of FileVars.
func WriteJSON(w io.Writer, files []FileVars) error {
	out := make([]FileVars, len(files))
	for i, f := range files {
		out[i] = f
		if f.Vars == nil {
			out[i].Vars = []Var{}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
