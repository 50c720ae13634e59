package cli

import (
	"path/filepath"

	"github.com/capirepo/capirepo/pkg/testsupport/registry"
)

// ociExitRows are the exit-code rows of publish oci and the images commands.
func ociExitRows() []exitRow {
	reads := "reads only"
	return []exitRow{
		{cmd: "publish oci", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string {
				return []string{"publish", "oci", "--from", builtTiny(s.t), "--to", "127.0.0.1:1/x", "--bundle", "all:latest"}
			},
			classFindings: func(s *stage) []string {
				reg := registry.New(s.t)
				s.env = ociEnv(s.t)
				return []string{"publish", "oci", "--from", tinyImagesAt(s.t, reg, false), "--to", reg.Host + "/capi", "--plain-http", "--check-images"}
			},
			classInput: func(s *stage) []string {
				return []string{"publish", "oci", "--from", missing(s.t), "--to", "127.0.0.1:1/x"}
			},
			classRemote: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"publish", "oci", "--from", builtTiny(s.t), "--to", authRegistry(s.t).Host + "/capi", "--plain-http"}
			},
			classConflict: func(s *stage) []string {
				reg := registry.New(s.t)
				s.env = ociEnv(s.t)
				if code, _, stderr := runEnv(s.t, s.env, "publish", "oci", "--from", builtTiny(s.t), "--to", reg.Host+"/capi", "--plain-http"); code != ExitOK {
					s.t.Fatalf("first publish: %s", stderr)
				}
				return []string{"publish", "oci", "--from", buildTinyWith(s.t, newImage), "--to", reg.Host + "/capi", "--plain-http"}
			},
			classInterrupt: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"publish", "oci", "--from", builtTiny(s.t), "--to", hostOf(s.hangingServer()) + "/capi", "--plain-http"}
			},
		}, na: map[errClass]string{}},

		{cmd: "images check", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"images", "check"} },
			classFindings: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"images", "check", "--plain-http", imagesDir(s.t, registry.New(s.t).Host+"/x/missing:v1")}
			},
			classInput: func(s *stage) []string { return []string{"images", "check", missing(s.t)} },
			classRemote: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"images", "check", "--plain-http", imagesDir(s.t, closedPort(s.t)+"/x/a:v1")}
			},
			classInterrupt: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"images", "check", "--plain-http", imagesDir(s.t, hostOf(s.hangingServer())+"/x/a:v1")}
			},
		}, na: map[errClass]string{classConflict: reads}},

		{cmd: "images copy", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"images", "copy", s.t.TempDir()} },
			classInput: func(s *stage) []string {
				return []string{"images", "copy", "--layout", filepath.Join(s.t.TempDir(), "l"), missing(s.t)}
			},
			classRemote: func(s *stage) []string {
				s.env = ociEnv(s.t)
				src := registry.New(s.t)
				return []string{"images", "copy", "--plain-http", "--to", registry.New(s.t).Host + "/m", imagesDir(s.t, src.Host+"/x/missing:v1")}
			},
			classInterrupt: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"images", "copy", "--plain-http", "--layout", filepath.Join(s.t.TempDir(), "l"), imagesDir(s.t, hostOf(s.hangingServer())+"/x/a:v1")}
			},
		}, na: map[errClass]string{classFindings: "copies; images check is the gate", classConflict: "mirror tags follow their source"}},

		{cmd: "images push", cases: map[errClass]scenario{
			classUsage: func(s *stage) []string { return []string{"images", "push", s.t.TempDir()} },
			classInput: func(s *stage) []string {
				return []string{"images", "push", "--to", "127.0.0.1:1/m", s.t.TempDir()}
			},
			classRemote: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"images", "push", "--plain-http", "--to", authRegistry(s.t).Host + "/m", layoutWith(s.t)}
			},
			classInterrupt: func(s *stage) []string {
				s.env = ociEnv(s.t)
				return []string{"images", "push", "--plain-http", "--to", hostOf(s.hangingServer()) + "/m", layoutWith(s.t)}
			},
		}, na: map[errClass]string{classFindings: "uploads; images check is the gate", classConflict: "mirror tags follow their source"}},
	}
}
