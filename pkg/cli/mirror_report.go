package cli

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/clusterctlcfg"
	"github.com/capirepo/capirepo/pkg/lint"
	"github.com/capirepo/capirepo/pkg/mirror"
	"github.com/capirepo/capirepo/pkg/publish"
)

// mirrorReport is mirror's -o json: what each destination got (or, with --dry-run,
// would get), the images, the download counts and the findings (paths relative to the
// mirror folder).
type mirrorReport struct {
	Folder       string            `json:"folder"`
	DryRun       bool              `json:"dryRun,omitempty"`
	Releases     []string          `json:"releases"`
	CertManager  string            `json:"certManager,omitempty"`
	Destinations []*publish.Report `json:"destinations"`
	Images       []string          `json:"images"`
	Downloaded   int64             `json:"downloaded"`
	Reused       int64             `json:"reused"`
	Bytes        int64             `json:"bytes"`
	Findings     lint.Findings     `json:"findings"`
	Verify       lint.Findings     `json:"verify,omitempty"` // the check of the written folder
}

// print reports the findings and the summary as -o asks: text (findings on stderr,
// the summary on stdout), github or sarif (the findings on stdout, relative to the
// mirror folder; the summary on stderr) or json.
func (o *mirrorOptions) print(io streams, res *mirror.Result) error {
	res.Findings.Sort()
	switch o.format {
	case "json":
		return writeJSON(io, o.report(res))
	case "text":
		_ = lint.Write(io.err, "text", res.Findings, nil)
		o.summary(io, io.out, res)
		return nil
	}
	err := lint.WriteWith(io.out, o.format, res.Findings, lint.Options{Rules: allRules(), Layout: o.out})
	o.summary(io, io.err, res)
	return err
}

func (o *mirrorOptions) report(res *mirror.Result) mirrorReport {
	rep := mirrorReport{Folder: o.out, DryRun: o.dryRun, Releases: []string{}, Destinations: []*publish.Report{}, Images: res.Images,
		Downloaded: res.Stats.Downloaded.Load(), Reused: res.Stats.Reused.Load(), Bytes: res.Stats.Bytes.Load(),
		Findings: res.Findings, Verify: res.Verify}
	for _, r := range res.Releases {
		rep.Releases = append(rep.Releases, r.String())
	}
	if o.certManager != "" && (res.Manifest != nil || o.dryRun) {
		rep.CertManager = o.certManager
	}
	if res.Report != nil {
		rep.Destinations = append(rep.Destinations, res.Report)
	}
	rep.Destinations = append(rep.Destinations, res.Also...)
	rep.Images, rep.Findings = nonNil(rep.Images), nonNil(rep.Findings)
	return rep
}

// summary prints what was mirrored (or planned) to w, warnings to stderr.
func (o *mirrorOptions) summary(io streams, w io.Writer, res *mirror.Result) {
	if res.Findings.HasErrors() && !o.strict {
		io.logf("warning: %d lint error(s) in the mirrored releases; clusterctl may reject them (--strict refuses)", res.Findings.Count(lint.Error))
	}
	verb := "mirrored"
	if o.dryRun {
		verb = "would mirror"
	}
	for _, r := range res.Releases {
		fmt.Fprintf(w, "%s %s\n", verb, r)
	}
	if o.dryRun {
		o.planSummary(w, res)
		return
	}
	for _, rep := range res.Also {
		rep.WriteText(w)
	}
	if m := res.Manifest; m != nil && m.CertManager != nil {
		fmt.Fprintf(w, "mirrored cert-manager %s\n", m.CertManager.Version)
	}
	fmt.Fprintf(w, "%s: %d file(s) downloaded (%d bytes), %d reused from an earlier run", o.out,
		res.Stats.Downloaded.Load(), res.Stats.Bytes.Load(), res.Stats.Reused.Load())
	if res.Manifest == nil && res.Report == nil { // stopped before its transaction wrote anything
		fmt.Fprintln(w, "; nothing written")
		return
	}
	fmt.Fprintf(w, "; %d image(s) in %s\n", len(res.Images), filepath.Join(o.out, mirror.ImagesFile))
	if res.Manifest != nil {
		fmt.Fprintf(w, "clusterctl: use --config %s (and GOPROXY=off CLUSTERCTL_DISABLE_VERSIONCHECK=true)\n", filepath.Join(o.out, clusterctlcfg.File))
	}
}

// planSummary prints a dry run's plan of every destination.
func (o *mirrorOptions) planSummary(w io.Writer, res *mirror.Result) {
	if o.certManager != "" {
		fmt.Fprintf(w, "would mirror cert-manager %s\n", o.certManager)
	}
	if res.Report != nil {
		res.Report.WriteText(w)
	}
	for _, rep := range res.Also {
		rep.WriteText(w)
	}
	fmt.Fprintf(w, "%s: %d file(s) downloaded (%d bytes), %d reused; %d image(s); dry run: nothing was written\n", o.out,
		res.Stats.Downloaded.Load(), res.Stats.Bytes.Load(), res.Stats.Reused.Load(), len(res.Images))
}
