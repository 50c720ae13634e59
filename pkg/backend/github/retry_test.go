package github

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/capirepo/capirepo/pkg/publish"
	"github.com/capirepo/capirepo/pkg/testsupport/fakegithub"
)

func TestRetryHonoursGitHub(t *testing.T) {
	t.Parallel()
	const route = fakegithub.RouteGetRepo
	tests := []struct {
		name             string
		fault            fakegithub.Fault
		wantHits         int
		minWait, maxWait time.Duration // bounds of the single recorded wait
	}{
		{"502 retried", fakegithub.Fault{Route: route, Kind: fakegithub.FaultStatus}, 2, time.Millisecond, time.Millisecond},
		{"503 twice", fakegithub.Fault{Route: route, Kind: fakegithub.FaultStatus, Status: 503, Count: 2}, 3, time.Millisecond, 2 * time.Millisecond},
		{"connection reset", fakegithub.Fault{Route: route, Kind: fakegithub.FaultReset}, 2, time.Millisecond, time.Millisecond},
		{"primary rate limit waits for X-RateLimit-Reset", fakegithub.Fault{Route: route, Kind: fakegithub.FaultPrimaryRateLimit, Reset: 30 * time.Second}, 2, 29 * time.Second, 32 * time.Second},
		{"secondary rate limit waits Retry-After", fakegithub.Fault{Route: route, Kind: fakegithub.FaultSecondaryRateLimit, RetryAfter: 7 * time.Second}, 2, 7 * time.Second, 7 * time.Second},
		{"429 waits Retry-After", fakegithub.Fault{Route: route, Kind: fakegithub.FaultTooManyRequests, RetryAfter: 5 * time.Second}, 2, 5 * time.Second, 5 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fakegithub.RepoOptions{})
			e.fake.Inject(tt.fault)
			p := e.publisher(t, e.opts())
			if _, err := p.api.getRepo(context.Background()); err != nil {
				t.Fatalf("getRepo() error = %v", err)
			}
			if got := e.fake.Hits(route); got != tt.wantHits {
				t.Errorf("requests = %d, want %d (rate limits must not block the client locally)", got, tt.wantHits)
			}
			waits := e.sleeps.all()
			if len(waits) != tt.wantHits-1 {
				t.Fatalf("waits = %v, want %d", waits, tt.wantHits-1)
			}
			if last := waits[len(waits)-1]; last < tt.minWait || last > tt.maxWait {
				t.Errorf("last wait = %s, want between %s and %s", last, tt.minWait, tt.maxWait)
			}
		})
	}
}

func TestRetryGivesUp(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		owner    string
		fault    *fakegithub.Fault
		policy   RetryPolicy
		wantHits int
		wantErr  []string
	}{
		{"404 not retried", "nobody", nil, RetryPolicy{}, 1, []string{"404", "nobody/capx"}},
		{"401 not retried", "acme", &fakegithub.Fault{Route: fakegithub.RouteGetRepo, Kind: fakegithub.FaultStatus, Status: 401}, RetryPolicy{}, 1, []string{"rejected the token"}},
		{"attempts run out", "acme", &fakegithub.Fault{Route: fakegithub.RouteGetRepo, Kind: fakegithub.FaultStatus, Count: 10}, RetryPolicy{MaxAttempts: 3}, 3, []string{"gave up after 3 attempts", "502"}},
		{"reset beyond the budget", "acme", &fakegithub.Fault{Route: fakegithub.RouteGetRepo, Kind: fakegithub.FaultPrimaryRateLimit, Reset: time.Hour}, RetryPolicy{MaxTotal: time.Minute}, 1, []string{"retry budget of 1m0s", "rate limit"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, fakegithub.RepoOptions{})
			if tt.fault != nil {
				e.fake.Inject(*tt.fault)
			}
			o := e.opts()
			o.Owner = tt.owner
			o.Retry.MaxAttempts, o.Retry.MaxTotal = tt.policy.MaxAttempts, tt.policy.MaxTotal
			_, err := e.publisher(t, o).api.getRepo(context.Background())
			checkErr(t, err, tt.wantErr)
			if got := len(e.fake.Log()); got != tt.wantHits {
				t.Errorf("requests = %d, want %d", got, tt.wantHits)
			}
		})
	}
}

func TestRetryStopsOnCancel(t *testing.T) {
	t.Parallel()
	e := newEnv(t, fakegithub.RepoOptions{})
	e.fake.Inject(fakegithub.Fault{Route: fakegithub.RouteGetRepo, Kind: fakegithub.FaultStatus, Count: 10})
	ctx, cancel := context.WithCancel(context.Background())
	o := e.opts()
	o.Retry.Sleep = func(context.Context, time.Duration) error { cancel(); return context.Canceled }
	_, err := e.publisher(t, o).api.getRepo(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("getRepo() after cancel = %v, want an error matching context.Canceled (exit 130)", err)
	}
	if got := len(e.fake.Log()); got != 1 {
		t.Errorf("requests = %d, want 1", got)
	}
}

func BenchmarkPublishTenAssets(b *testing.B) {
	f := fakegithub.New()
	defer f.Close()
	f.AddRepo("acme", "capx", fakegithub.RepoOptions{})
	f.AddToken(token, fakegithub.Write)
	var extra []string
	for i := range 8 {
		extra = append(extra, "cluster-template-"+string(rune('a'+i))+".yaml", string(make([]byte, 64<<10)))
	}
	for i := 0; b.Loop(); i++ {
		s := set(provider("capx", "InfrastructureProvider", "v1.0."+itoa(i), extra...))
		p, _ := New(Options{Owner: "acme", Repo: "capx", Token: token, APIURL: f.APIURL(), UploadURL: f.UploadURL()})
		if _, err := publish.Publish(b.Context(), s, p, publish.Policy{}); err != nil {
			b.Fatal(err)
		}
	}
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
