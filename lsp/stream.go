package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"go.lsp.dev/jsonrpc2"
)

// The transport's bounds. An army file is at most 1 MiB (dsl.MaxFileSize),
// which JSON escaping can grow a few times over; a header line is a few
// dozen bytes ("Content-Length: 1234").
const (
	maxHeaderLine = 4 << 10
	maxMessage    = 16 << 20
)

// badFrame is a frame the server cannot take as a message, answered with
// a JSON-RPC error (code and message) while the connection goes on: one
// malformed message from an editor must not end the server.
type badFrame struct {
	code jsonrpc2.Code
	msg  string
	id   json.RawMessage // the message's id when it could be read, else null
}

func (e *badFrame) Error() string { return e.msg }

// stream is the base protocol's framing (Content-Length headers, then the
// JSON content) with every part bounded: a header line longer than
// maxHeaderLine, content longer than maxMessage, a missing or malformed
// length, content that is not JSON (a parse error, -32700) or JSON that is
// not a message (an invalid request, -32600) is answered as the JSON-RPC
// spec says, with id null when the id is unknown, and skipped. Only the
// stream's end or a failed read or write ends it.
type stream struct {
	rwc io.ReadWriteCloser
	in  *bufio.Reader
	mu  sync.Mutex // one message written at a time: replies, notifications, error answers
}

func newStream(rwc io.ReadWriteCloser) *stream {
	return &stream{rwc: rwc, in: bufio.NewReaderSize(rwc, maxHeaderLine)}
}

// Read returns the next message, answering the bad frames before it.
func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		data, err := readFrame(s.in)
		var bad *badFrame
		if err == nil {
			msg, derr := decodeMessage(data)
			if derr == nil {
				return msg, int64(len(data)), nil
			}
			err = derr
		}
		if !errors.As(err, &bad) {
			return nil, 0, err
		}
		if err := s.answer(bad); err != nil {
			return nil, 0, err
		}
	}
}

// readFrame reads one frame's content. A frame that is malformed but
// whose end is known (the headers' blank line, and the content's length
// when it could be read) is a *badFrame, and the reader is left at the
// next frame; anything else is the stream's error.
func readFrame(in *bufio.Reader) ([]byte, error) {
	length := int64(-1)
	var bad *badFrame
	for first := true; ; first = false {
		line, err := readLine(in)
		if err != nil {
			if errors.Is(err, io.EOF) && first && line == "" {
				return nil, io.EOF // the editor closed the stream between messages
			}
			if errors.Is(err, errLongLine) {
				bad = cmpBad(bad, &badFrame{code: jsonrpc2.ParseError, msg: fmt.Sprintf("a header line longer than %d bytes", maxHeaderLine)})
				continue
			}
			return nil, fmt.Errorf("reading a header line: %w", err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			bad = cmpBad(bad, &badFrame{code: jsonrpc2.ParseError, msg: fmt.Sprintf("header line %.40q is not NAME: VALUE", line)})
			continue
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n <= 0 {
				bad = cmpBad(bad, &badFrame{code: jsonrpc2.ParseError, msg: fmt.Sprintf("Content-Length %.40q is not a positive number", value)})
				continue
			}
			length = n
		}
	}
	if length < 0 {
		// Without a length the content's end is unknown: what follows is
		// read as the next frame's headers.
		return nil, cmpBad(bad, &badFrame{code: jsonrpc2.ParseError, msg: "a message without a Content-Length header"})
	}
	if length > maxMessage {
		bad = cmpBad(bad, &badFrame{code: jsonrpc2.ParseError, msg: fmt.Sprintf("a message of %d bytes; at most %d are read", length, maxMessage)})
	}
	if bad != nil {
		if _, err := io.CopyN(io.Discard, in, length); err != nil {
			return nil, fmt.Errorf("skipping a malformed message: %w", err)
		}
		return nil, bad
	}
	data := make([]byte, length)
	if _, err := io.ReadFull(in, data); err != nil {
		return nil, fmt.Errorf("reading a message of %d bytes: %w", length, err)
	}
	return data, nil
}

// cmpBad keeps the first fault of a frame.
func cmpBad(have, next *badFrame) *badFrame {
	if have != nil {
		return have
	}
	return next
}

var errLongLine = errors.New("header line too long")

// readLine reads a line of at most maxHeaderLine bytes; a longer one is
// skipped to its end and is errLongLine.
func readLine(in *bufio.Reader) (string, error) {
	line, err := in.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return string(line), err
	}
	for errors.Is(err, bufio.ErrBufferFull) {
		_, err = in.ReadSlice('\n')
	}
	if err != nil {
		return "", err
	}
	return "", errLongLine
}

// decodeMessage decodes a frame's content as a message: not JSON is a
// parse error, JSON that is not a message an invalid request.
func decodeMessage(data []byte) (jsonrpc2.Message, error) {
	if !json.Valid(data) {
		return nil, &badFrame{code: jsonrpc2.ParseError, msg: "the message is not JSON"}
	}
	var probe struct {
		Version string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(data, &probe); err != nil || probe.Version != "2.0" {
		return nil, &badFrame{code: jsonrpc2.InvalidRequest, msg: `not a JSON-RPC 2.0 message (an object with "jsonrpc": "2.0")`, id: idOf(probe.ID)}
	}
	msg, err := jsonrpc2.DecodeMessage(data)
	if err != nil {
		return nil, &badFrame{code: jsonrpc2.InvalidRequest, msg: "not a JSON-RPC request, notification or response: " + err.Error(), id: idOf(probe.ID)}
	}
	return msg, nil
}

// idOf is a message's id to answer with: a number or a string, else null.
func idOf(raw json.RawMessage) json.RawMessage {
	raw = bytes.TrimSpace(raw)
	var n json.Number
	var s string
	if json.Unmarshal(raw, &n) == nil || json.Unmarshal(raw, &s) == nil {
		return raw
	}
	return nil
}

// answer writes the error response to a bad frame.
func (s *stream) answer(bad *badFrame) error {
	id := bad.id
	if id == nil {
		id = json.RawMessage("null")
	}
	data, err := json.Marshal(struct {
		Version string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc2.Error  `json:"error"`
	}{"2.0", id, jsonrpc2.Error{Code: bad.code, Message: "hexforge lsp: " + bad.msg}})
	if err != nil {
		return err
	}
	return s.write(data)
}

// Write sends a message.
func (s *stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	// The message as it marshals itself: no HTML escaping of a hover's
	// or a diagnostic's text.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(msg); err != nil {
		return 0, fmt.Errorf("marshaling a message: %w", err)
	}
	data := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if err := s.write(data); err != nil {
		return 0, err
	}
	return int64(len(data)), nil
}

func (s *stream) write(data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := fmt.Fprintf(s.rwc, "Content-Length: %d\r\n\r\n", len(data)); err != nil {
		return fmt.Errorf("writing a message: %w", err)
	}
	if _, err := s.rwc.Write(data); err != nil {
		return fmt.Errorf("writing a message: %w", err)
	}
	return nil
}

// Close closes the connection.
func (s *stream) Close() error { return s.rwc.Close() }
