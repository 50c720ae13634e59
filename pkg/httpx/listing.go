package httpx

import (
	"context"
	"fmt"
	"net/http"
	"sync"
)

// Listing is one paginated listing (GitHub releases or assets, GitLab packages or
// files, OCI tags or referrers): its requests get the page cap, a next link already
// read is refused, and its pages and items are counted against their caps.
type Listing struct {
	what     string
	maxItems int
	mu       sync.Mutex
	items    int
	pages    int
	seen     map[string]bool
}

type listingKey struct{}

// NewListing marks the requests made with the returned context as the pages of one
// listing; maxItems 0 takes the run's Items cap.
func NewListing(ctx context.Context, what string, maxItems int) (context.Context, *Listing) {
	if maxItems <= 0 {
		maxItems = limitsOf(ctx).Items
	}
	l := &Listing{what: what, maxItems: maxItems, seen: map[string]bool{}}
	return context.WithValue(ctx, listingKey{}, l), l
}

func listingOf(ctx context.Context) *Listing {
	l, _ := ctx.Value(listingKey{}).(*Listing)
	return l
}

func limitsOf(ctx context.Context) Limits {
	if r := runOf(ctx); r != nil {
		return r.limits
	}
	return DefaultLimits
}

// Add counts n entries read; past the item cap it is a CapError.
func (l *Listing) Add(n int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.items += n
	if l.items > l.maxItems {
		return &CapError{Cap: fmt.Sprintf("the cap of %d entries in one listing", l.maxItems), What: l.what}
	}
	return nil
}

// visit records a page answered with success; a page read before (a next link that
// loops) or one past the page cap is a CapError.
func (l *Listing) visit(req *http.Request, maxPages int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := req.URL.String()
	if l.seen[u] {
		return &CapError{Cap: "a next link to a page already read (" + req.URL.Redacted() + ")", What: l.what}
	}
	l.seen[u] = true
	l.pages++
	if l.pages > maxPages {
		return &CapError{Cap: fmt.Sprintf("the cap of %d pages in one listing", maxPages), What: l.what}
	}
	return nil
}

type answerKey struct{}

// WithAnswerCap caps every answer to requests made with the returned context at limit
// bytes and counts it in the run's total (a file download; a registry layer).
func WithAnswerCap(ctx context.Context, limit int64) context.Context {
	return context.WithValue(ctx, answerKey{}, limit)
}

func answerCapOf(ctx context.Context) (int64, bool) {
	n, ok := ctx.Value(answerKey{}).(int64)
	return n, ok
}
