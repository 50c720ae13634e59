package main

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/install"
)

// asMain is set in the environment of the child process that plays capirepo.
const asMain = "CAPIREPO_TEST_AS_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(asMain) == "1" || os.Getenv(install.ChildEnv) == "1" { // verify --install re-runs itself
		main()
	}
	os.Exit(m.Run())
}

// TestInterruptExits130: SIGINT while capirepo waits for a remote ends the run with
// exit code 130, through the real signal handling of main.
func TestInterruptExits130(t *testing.T) {
	t.Parallel()
	var child *exec.Cmd
	started := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case started <- struct{}{}:
		default:
		}
		select {
		case <-r.Context().Done():
		case <-time.After(30 * time.Second):
		}
	}))
	defer srv.Close()
	child = exec.Command(os.Args[0], "verify", "https://github.com/acme/x/releases/latest/bootstrap-components.yaml", "--github-url", srv.URL)
	child.Env = []string{asMain + "=1", "HOME=" + t.TempDir()}
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		_ = child.Process.Kill()
		t.Fatal("capirepo never reached the server")
	}
	if err := child.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := child.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Fatalf("after SIGINT: %v, want exit code 130", err)
	}
}
