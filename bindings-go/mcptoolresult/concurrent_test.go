package mcptoolresult

import (
	"fmt"
	"strconv"
	"sync"
	"testing"
)

// Many goroutines convert (and extract from) distinct inputs at once; each must get its own
// result back.
func TestConcurrentConversions(t *testing.T) {
	const workers, rounds = 16, 100
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rounds {
				text := strconv.Itoa(w*rounds + i)
				var input any = map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}}
				if i%2 == 1 {
					input = `{"content":[{"type":"text","text":"` + text + `"}],"isError":true}`
				}
				if i%4 == 3 {
					got, err := ExtractImages(map[string]any{"n": text, "img": map[string]any{"type": "image", "data": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAABHRFWHRjAHh4Jy+EVQAAAA1JREFUeJxjYPjfcAIABMoCSNncgTQAAAAASUVORK5CYII="}}, Options{})
					if err != nil || got.Text != `{"img":"[image 1 of 1, image/png, 86 B]","n":"`+text+`"}` || len(got.Images) != 1 {
						errs <- fmt.Errorf("worker %d round %d: got %+v, %v", w, i, got, err)
						return
					}
					continue
				}
				got, err := ToCopilot(input, Options{})
				if err != nil || got.TextResultForLLM != text {
					errs <- fmt.Errorf("worker %d round %d: got %+v, %v", w, i, got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
