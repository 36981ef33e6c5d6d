package io.virttune.xml;

import io.virttune.ExitCode;
import io.virttune.VirtTuneException;

/** An XML document virt-tune will not read: malformed, hostile, or not the kind expected. */
public class XmlRejectedException extends VirtTuneException {
    public XmlRejectedException(String message) {
        super(ExitCode.FAILED, message);
    }

    public XmlRejectedException(String message, Throwable cause) {
        super(ExitCode.FAILED, message, cause);
    }
}
