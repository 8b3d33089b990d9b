"""The readers: text a user writes (a scenario file, a question's fields, a script's lines)
into model values, every mistake refused with its file, line and field. They read and check;
what the values mean in a game is the encodings' to decide."""
