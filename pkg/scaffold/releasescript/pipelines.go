package releasescript

import (
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Pipeline is a release or CI definition in the tree: a GitHub workflow, an Azure
// Pipelines or GitLab CI file, an in-tree Prow job, a goreleaser config, a Dockerfile
// or a script, read line by line.
type Pipeline struct {
	Rel     string
	Kind    string
	Release bool              // the file releases (by name, or a workflow run on tags)
	Env     map[string]string // env:/variables: entries and $GITHUB_ENV writes, as written
	EnvAt   map[string]string // where each env entry is set
	Lines   []PipelineLine
}

// PipelineLine is one logical line with the job (or stage) it belongs to.
type PipelineLine struct {
	at, job, text string
	n             int
}

// pipelineFiles lists the files init reads besides the Makefile, by kind.
func pipelineFiles(root string) map[string][]string {
	glob := func(pats ...string) []string {
		var out []string
		for _, p := range pats {
			m, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(p)))
			out = append(out, m...)
		}
		return out
	}
	return map[string][]string{
		"script":     glob("hack/*.sh", "scripts/*.sh"),
		"github":     glob(".github/workflows/*.yml", ".github/workflows/*.yaml"),
		"azure":      glob("azure-pipelines*.yml", "azure-pipelines*.yaml", ".pipelines/*.yml", ".pipelines/*.yaml", ".azure-pipelines/*.yml", ".azure/*.yml"),
		"gitlab":     glob(".gitlab-ci.yml", ".gitlab-ci.yaml", ".gitlab/*.yml", ".gitlab/ci/*.yml"),
		"prow":       glob(".prow.yaml", ".prow/*.yaml"),
		"goreleaser": glob(".goreleaser.yml", ".goreleaser.yaml", "goreleaser.yaml"),
		"dockerfile": glob("Dockerfile", "Dockerfile.*"),
	}
}

var pipelineKinds = []string{"script", "github", "azure", "gitlab", "prow", "goreleaser", "dockerfile"}

var (
	yamlKey   = regexp.MustCompile(`^(\s*)(?:-\s+)?([A-Za-z_][\w.-]*):\s*(.*?)\s*$`)
	envWrite  = regexp.MustCompile(`\becho\s+["']?([A-Za-z_][A-Za-z0-9_]*)=(.*?)["']?\s*>>\s*"?\$\{?GITHUB_ENV`)
	onTags    = regexp.MustCompile(`(?m)^\s+tags:|refs/tags/|CI_COMMIT_TAG|startsWith\(github\.ref, 'refs/tags`)
	fromStage = regexp.MustCompile(`(?i)^FROM\s+(?:--\S+\s+)*\S+\s+AS\s+(\S+)`)
)

// readPipeline reads one file of a kind.
func readPipeline(rel, kind, data string) *Pipeline {
	p := &Pipeline{Rel: rel, Kind: kind, Env: map[string]string{}, EnvAt: map[string]string{}}
	name := strings.ToLower(path.Base(rel))
	p.Release = strings.Contains(name, "release") || strings.Contains(name, "publish") || kind == "goreleaser" ||
		(kind == "github" || kind == "gitlab") && onTags.MatchString(data)
	lines := logicalLines(data)
	if kind == "prow" {
		lines = joinLists(lines)
	}
	job, envIndent := rel, -1
	for _, l := range lines {
		job, envIndent = p.scan(l, job, envIndent)
		p.Lines = append(p.Lines, PipelineLine{at: rel + ":" + strconv.Itoa(l.n), job: job, text: l.text, n: l.n})
	}
	return p
}

// scan updates the job and env block a line opens, and records env entries.
func (p *Pipeline) scan(l rawLine, job string, envIndent int) (string, int) {
	if m := envWrite.FindStringSubmatch(l.text); m != nil {
		p.setEnv(m[1], m[2], l.n)
	}
	if p.Kind == "script" {
		return job, envIndent
	}
	if p.Kind == "dockerfile" {
		if m := fromStage.FindStringSubmatch(strings.TrimSpace(l.text)); m != nil {
			return m[1], envIndent
		}
		return job, envIndent
	}
	m := yamlKey.FindStringSubmatch(l.text)
	if m == nil {
		return job, envIndent
	}
	indent := len(m[1])
	if envIndent >= 0 && indent > envIndent {
		p.setEnv(m[2], strings.Trim(m[3], `"'`), l.n)
		return job, envIndent
	}
	envIndent = -1
	switch {
	case m[2] == "env" || m[2] == "variables":
		envIndent = indent
	case p.Kind == "gitlab" && indent == 0 && !strings.HasPrefix(m[2], "."),
		p.Kind == "github" && indent == 2 && m[3] == "",
		p.Kind == "prow" && m[2] == "name" && strings.Contains(l.text, "-"):
		job = strings.Trim(m[3], `"'`)
		if job == "" {
			job = m[2]
		}
	}
	return job, envIndent
}

// joinLists turns YAML command:/args: lists of a Prow job into one line each.
func joinLists(lines []rawLine) []rawLine {
	var out []rawLine
	for i := 0; i < len(lines); i++ {
		out = append(out, lines[i])
		t := strings.TrimSpace(lines[i].text)
		if t != "command:" && t != "args:" {
			continue
		}
		cmd := rawLine{n: lines[i].n + 1}
		for i+1 < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+1].text), "- ") {
			i++
			cmd.text += " " + strings.Trim(strings.TrimPrefix(strings.TrimSpace(lines[i].text), "- "), `"'`)
		}
		out = append(out, cmd)
	}
	return out
}

// releaseLine reports a line of a release pipeline outside development jobs.
func (p *Pipeline) releaseLine(l PipelineLine) bool {
	if p.Kind == "dockerfile" {
		return strings.Contains(strings.ToLower(l.job), "release")
	}
	job := strings.ToLower(l.job)
	named := strings.Contains(job, "release") || strings.Contains(job, "publish")
	return (p.Release || named && p.Kind != "script") && !devName(job)
}

// setEnv records an env entry (the first one of a name).
func (p *Pipeline) setEnv(k, v string, n int) {
	if _, set := p.Env[k]; !set {
		p.Env[k], p.EnvAt[k] = v, p.Rel+":"+strconv.Itoa(n)
	}
}
