package fakegitlab

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// writeMessage answers GitLab's error shape {"message": "..."}.
func writeMessage(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"message": msg})
}

// writeError answers Grape's validation shape {"error": "..."}.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func formatID(id int64) string { return strconv.FormatInt(id, 10) }

func stamp(t time.Time) string { return t.Format("2006-01-02T15:04:05.000Z") }

// paginate slices items by the page and per_page query parameters (defaults 1 and
// 20, per_page at most 100) and sets GitLab's pagination headers.
func paginate[T any](w http.ResponseWriter, r *http.Request, items []T) []T {
	page := queryInt(r, "page", 1, 1<<30)
	per := queryInt(r, "per_page", 20, 100)
	total := len(items)
	pages := max((total+per-1)/per, 1)
	h := w.Header()
	h.Set("X-Page", strconv.Itoa(page))
	h.Set("X-Per-Page", strconv.Itoa(per))
	h.Set("X-Total", strconv.Itoa(total))
	h.Set("X-Total-Pages", strconv.Itoa(pages))
	h.Set("X-Next-Page", "")
	if page < pages {
		h.Set("X-Next-Page", strconv.Itoa(page+1))
	}
	if page > 1 {
		h.Set("X-Prev-Page", strconv.Itoa(page-1))
	}
	start := min((page-1)*per, total)
	return items[start:min(start+per, total)]
}

func queryInt(r *http.Request, key string, def, limit int) int {
	n, err := strconv.Atoi(r.URL.Query().Get(key))
	if err != nil || n < 1 {
		return def
	}
	return min(n, limit)
}
