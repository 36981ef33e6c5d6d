package io.virttune.cli;

import java.io.Console;
import java.util.Optional;

/** The operator at a terminal, asked before what cannot be undone; scripts and CI have none. */
public interface Terminal {

  /** The answer to {@code question}, or empty when there is no terminal to ask on. */
  Optional<String> ask(String question);

  /** Standard input and output when they are a terminal (System.console()), else none. */
  static Terminal system() {
    return question -> {
      Console console = System.console();
      return console == null ? Optional.empty() : Optional.ofNullable(console.readLine("%s", question));
    };
  }
}
