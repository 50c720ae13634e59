package remote

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"
)

// MaxSize bounds one remote resource (Azure Service Operator's CRDs are about 20 MB).
const MaxSize = 256 << 20

const timeout = 2 * time.Minute

// download GETs url with a time limit and a size limit; it stops when ctx ends.
func download(ctx context.Context, c *http.Client, url string) ([]byte, error) {
	cc := *c
	if cc.Timeout == 0 {
		cc.Timeout = timeout
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("remote resource %s: %w", url, err)
	}
	resp, err := cc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("remote resource %s: downloading: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("remote resource %s: downloading: HTTP %s", url, resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("remote resource %s: downloading: %w", url, err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("remote resource %s: larger than %d MiB", url, MaxSize>>20)
	}
	return data, nil
}

// unpinned refuses a URL with no entry, giving the entry to add; the sum is
// filled in when the content can be downloaded (it is not used).
func (s *Store) unpinned(url string) error {
	sum := "<sha256 of the file>"
	if !s.Offline {
		if data, err := download(s.context(), s.client(), url); err == nil {
			sum = Sum(data)
		}
	}
	where := "capirepo.yaml"
	if s.Source != "" {
		where = s.Source
	}
	return fmt.Errorf("remote resource %s is not pinned: capirepo uses a remote resource only with its sha256; after checking the content, add this entry under remoteResources: in %s: - {url: %s, sha256: %s}", url, where, url, sum)
}
