// Package lesson is the lab's teaching content: the lessons (Lessons), each
// a link to settings with its text, what to watch, its question and answer
// and its plan for a class, and the predictions a lesson asks a student to
// make before its run, parsed (ParseGuess) and set beside the theory and the
// measurement afterwards (Prediction.Compare).
//
// It holds text and plain values only: ui/lab reads a lesson's settings hash
// when a link names the lesson (lesson=K), and the page shows the rest.
package lesson
