package cli

import (
	"fmt"
	"strings"

	"github.com/capirepo/capirepo/pkg/backend/configmap"
)

// configMapReport is verify's JSON for a folder of operator objects.
type configMapReport struct {
	Folder   string              `json:"folder"`
	Installs []configmap.Install `json:"installs"`
	Errors   []string            `json:"errors,omitempty"`
}

// verifyConfigMaps reads a folder of ConfigMaps and provider objects as the
// cluster-api-operator does and reports what it will install. A folder the operator
// would stop at is a finding (exit 1); one that cannot be read is input (exit 3).
func (o *verifyOptions) verifyConfigMaps(io streams, dir string) error {
	c, err := configmap.ReadDir(dir)
	if err != nil {
		return withCode(ExitInput, fmt.Errorf("reading %s: %w", dir, err))
	}
	ins, err := c.Installs()
	rep := configMapReport{Folder: dir, Installs: ins}
	if err != nil {
		rep.Errors = strings.Split(err.Error(), "\n")
	}
	if o.format == "json" {
		if err := writeJSON(io, rep); err != nil {
			return err
		}
	} else {
		writeConfigMapText(io, rep)
	}
	if len(rep.Errors) > 0 {
		return silentErr(ExitFindings, fmt.Errorf("verify: %d error(s)", len(rep.Errors)))
	}
	return nil
}

func writeConfigMapText(io streams, rep configMapReport) {
	fmt.Fprintf(io.out, "%s: what the cluster-api-operator installs from these ConfigMaps\n", rep.Folder)
	for _, in := range rep.Installs {
		form := "plain"
		if in.Compressed {
			form = "gzip-compressed in binaryData"
		}
		fmt.Fprintf(io.out, "  %s: %s (contract %s), components %d bytes (%s), from %s; versions: %s\n",
			in.Provider, in.Version, in.Contract, in.Size, form, in.ConfigMap, strings.Join(in.Versions, ", "))
	}
	for _, e := range rep.Errors {
		fmt.Fprintf(io.out, "  error: %s\n", e)
	}
}
