package install_test

import (
	"os"
	"testing"

	"github.com/capirepo/capirepo/pkg/install"
)

// TestMain plays the install child when Run starts this test binary as one.
func TestMain(m *testing.M) {
	if os.Getenv(install.ChildEnv) == "1" {
		os.Exit(install.Child(os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}
