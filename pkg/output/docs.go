package output

import (
	"bytes"
	"path"
	"strings"

	"github.com/capirepo/capirepo/pkg/fsx"
	"github.com/capirepo/capirepo/pkg/layout"
	"github.com/capirepo/capirepo/pkg/release"
	"github.com/capirepo/capirepo/pkg/variables"
)

// DocsDir holds generated documentation beside the repository tree; "_" keeps it from
// ever being read as a provider label.
const DocsDir = "_docs"

// writeVarsDocs writes the variables table of each template flavor:
// _docs/<label>/<version>/<template>.md.
func writeVarsDocs(st *fsx.Stage, set *release.Set) error {
	for _, r := range set.Releases {
		for _, f := range r.Files {
			if layout.FileKind(f.Name) != layout.KindTemplate {
				continue
			}
			fv, err := variables.Collect(f.Name, f.Data)
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if err := variables.WriteMarkdown(&b, []variables.FileVars{fv}); err != nil {
				return err
			}
			name := path.Join(DocsDir, r.Dir(), strings.TrimSuffix(f.Name, ".yaml")+".md")
			if err := st.WriteFile(name, b.Bytes()); err != nil {
				return err
			}
		}
	}
	return nil
}
